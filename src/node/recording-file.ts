/**
 * Writes a recording so that the file at `--out` is always a complete scenario: each version
 * goes to a temporary file beside it and is renamed over it, so an interruption, a crash or a
 * full disk leaves the previous complete version (or nothing), never half a file.
 */
import { access, constants, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileErrorCode } from './file-error.js';
import type { Recording } from './record.js';

export class OutputError extends Error {}

export class RecordingFile {
  private readonly temporary: string;

  constructor(readonly path: string) {
    this.temporary = join(dirname(path), `.${basename(path)}.${process.pid}.partial`);
  }

  /** Fails before the first poll when the file could not be written. */
  async check(): Promise<void> {
    const existing = await stat(this.path).catch(() => undefined);
    if (existing?.isDirectory())
      throw new OutputError(
        `--out ${this.path} is a directory; give a file name such as ${join(this.path, 'incident.yaml')}`,
      );
    try {
      await access(dirname(this.path), constants.W_OK);
      await writeFile(this.temporary, '');
      await rm(this.temporary, { force: true });
    } catch (error) {
      throw new OutputError(
        `cannot write --out ${this.path}: ${fileErrorCode(error)} (choose a file in a writable folder)`,
      );
    }
  }

  async write(recording: Recording, render: (recording: Recording) => string): Promise<void> {
    try {
      await writeFile(this.temporary, render(recording));
      await rename(this.temporary, this.path);
    } catch (error) {
      await rm(this.temporary, { force: true }).catch(() => undefined);
      throw new OutputError(`could not write ${this.path}: ${fileErrorCode(error)}; the last complete version is kept`);
    }
  }
}
