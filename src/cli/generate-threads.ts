/**
 * `generate` on more than one thread. A run's objects come in blocks that draw the same lines
 * whichever thread draws them (generators/bulk.ts, `BLOCK`), so helper threads take the next block
 * from a shared counter, as the main thread does, and hand their blocks' bytes over; the main thread
 * writes every block in order. The output is the lines of one thread, byte for byte.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { RuleTarget } from '../contract/rules/types.js';
import { spanOf } from '../generators/bulk.js';
import { drawLines } from '../generators/lines.js';
import { LineBytes } from './line-bytes.js';

/** What a helper thread needs to draw blocks of the run: the run's options and the API files to load. */
export interface BlockRun {
  api: string;
  target: RuleTarget;
  count: number;
  seed: number;
  edge: boolean;
  /** The `--api` module files, read from `cwd` as the main thread read them. */
  apiFiles: readonly string[];
  cwd: string;
}

/** What the helper thread gets (`workerData`). */
export interface HelperData {
  run: BlockRun;
  /** One Int32: the next block to draw, taken with `Atomics.add`. */
  claims: SharedArrayBuffer;
  port: MessagePort;
}

/** A helper's message: a block's bytes, or why it stopped. */
export type FromHelper = { block: number; chunks: Uint8Array[] } | { error: string };

/** The helper's module: beside this one in the built CLI (and in dist/cli); sources run through tsx have none. */
const HELPER = new URL('./generate-worker.js', import.meta.url);

/** Whether helper threads can be started here. */
export const helpersAvailable = (): boolean => HELPER.protocol === 'file:' && existsSync(fileURLToPath(HELPER));

/** Draws block `block` of the run into `sink`, a chunk of bytes at a time (see LineBytes for `reuse`). */
export function drawBlock(run: BlockRun, block: number, sink: (bytes: Uint8Array) => void, reuse: boolean): void {
  const bytes = new LineBytes(sink, reuse);
  const { api, target, count, seed, edge } = run;
  for (const line of drawLines(api, target, { count, seed, edge, block })) bytes.line(line);
  bytes.end();
}

interface Helper {
  worker: Worker;
  port: MessagePort;
  exited: boolean;
}

/**
 * Up to `threads - 1` helper threads for a run (no more than it has blocks), started when made;
 * `write` writes the run with them and ends them, `stop` ends them unused. A helper that fails
 * leaves its blocks to this thread (the same lines), and `write` says why it failed.
 */
export class HelperThreads {
  private readonly claims = new SharedArrayBuffer(4);
  private readonly helpers: Helper[] = [];
  private failure: string | undefined;
  private readonly blocks: number;

  constructor(
    private readonly run: BlockRun,
    threads: number,
    /** The helper's module (a test gives one that fails). */
    helperModule: URL = HELPER,
  ) {
    this.blocks = spanOf({ count: run.count, seed: run.seed }).blocks;
    for (let i = 1; i < Math.min(threads, this.blocks); i++) {
      const { port1, port2 } = new MessageChannel();
      const data: HelperData = { run, claims: this.claims, port: port2 };
      const worker = new Worker(helperModule, { workerData: data, transferList: [port2] });
      worker.on('error', (error) => (this.failure ??= error.stack ?? String(error)));
      this.helpers.push({ worker, port: port1, exited: false });
    }
  }

  /** Writes the run's lines with `write`; resolves to how many blocks the helpers drew. */
  async write(
    write: (bytes: Uint8Array) => void,
    note: (text: string) => void,
  ): Promise<{ blocks: number; byHelpers: number }> {
    const { run, blocks, helpers } = this;
    const next = new Int32Array(this.claims);
    const ready = new Map<number, readonly Uint8Array[]>();
    let written = 0;
    let byHelpers = 0;
    const take = (message: FromHelper) => {
      if ('error' in message) this.failure ??= message.error;
      else {
        ready.set(message.block, message.chunks);
        byHelpers++;
      }
    };
    const drain = () => {
      for (const { port } of helpers)
        for (let got = receiveMessageOnPort(port); got !== undefined; got = receiveMessageOnPort(port))
          take(got.message as FromHelper);
    };
    const flush = () => {
      for (let chunks = ready.get(written); chunks !== undefined; chunks = ready.get(written)) {
        for (const chunk of chunks) write(chunk);
        ready.delete(written++);
      }
    };
    try {
      for (let block = Atomics.add(next, 0, 1); block < blocks; block = Atomics.add(next, 0, 1)) {
        drain();
        flush();
        if (block === written) {
          drawBlock(run, block, write, true);
          written++;
        } else {
          const chunks: Uint8Array[] = [];
          drawBlock(run, block, (chunk) => chunks.push(chunk), false);
          ready.set(block, chunks);
        }
      }
      // Every block is taken: the helpers' last ones, until each has ended.
      await new Promise<void>((resolve) => {
        const check = () => {
          drain();
          flush();
          if (written >= blocks || helpers.every((h) => h.exited)) resolve();
        };
        for (const helper of helpers) {
          helper.port.on('message', (message: FromHelper) => {
            take(message);
            check();
          });
          helper.worker.once('exit', (code) => {
            if (code !== 0) this.failure ??= `it exited with code ${code}`;
            helper.exited = true;
            check();
          });
        }
        check();
      });
      if (written < blocks && this.failure !== undefined)
        note(
          `note: a helper thread of generate stopped (${this.failure.split('\n')[0]}); this thread drew its blocks\n`,
        );
      while (written < blocks) {
        if (ready.has(written)) flush();
        else drawBlock(run, written++, write, true);
      }
    } finally {
      await this.stop();
    }
    return { blocks, byHelpers };
  }

  /** Ends the helpers (whatever they drew is dropped). */
  async stop(): Promise<void> {
    for (const { worker, port } of this.helpers) {
      port.close();
      await worker.terminate();
    }
  }
}
