/**
 * `generate` on more than one thread. A run's objects come in blocks that draw the same lines
 * whichever thread draws them (generators/bulk.ts, `BLOCK`), so helper threads take the next block
 * from a shared counter, as the main thread does, and hand their blocks' bytes over; the main thread
 * writes every block in order. The output is the lines of one thread, byte for byte. No thread draws
 * a block `AHEAD` or more past the last one written, so a slow reader of the output holds the
 * helpers back instead of the run's bytes piling up in memory.
 */

import { existsSync } from 'node:fs';
import { setImmediate } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import type { ApiSet } from '../contract/api-set.js';
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
  /** Int32s: at `NEXT` the next block to draw (taken with `Atomics.add`), at `WRITTEN` how many are written. */
  state: SharedArrayBuffer;
  port: MessagePort;
}

export const NEXT = 0;
const WRITTEN = 1;
/** How far past the blocks written a thread may draw: a few blocks each for two threads, 4 MB of Praxis sessions. */
const AHEAD = 8;

/** Waits (a helper thread) until block `block` is fewer than `AHEAD` past the blocks written. */
export function awaitTurn(state: Int32Array, block: number): void {
  for (let written = Atomics.load(state, WRITTEN); block - written >= AHEAD; written = Atomics.load(state, WRITTEN))
    Atomics.wait(state, WRITTEN, written, 100);
}

/** A helper's message: a block's bytes, or why it stopped. */
export type FromHelper = { block: number; chunks: Uint8Array[] } | { error: string };

/** The helper's module: beside this one in the built CLI (and in dist/cli); sources run through tsx have none. */
const HELPER = new URL('./generate-worker.js', import.meta.url);

/** Whether helper threads can be started here. */
export const helpersAvailable = (): boolean => HELPER.protocol === 'file:' && existsSync(fileURLToPath(HELPER));

/** Draws block `block` of the run into `bytes` (their sink has every chunk of it when this returns). */
export function drawBlock(run: BlockRun, block: number, bytes: LineBytes, apis: ApiSet): void {
  const { api, target, count, seed, edge } = run;
  for (const line of drawLines(api, target, { count, seed, edge, block, apis })) bytes.line(line);
  bytes.end();
}

interface Helper {
  worker: Worker;
  port: MessagePort;
  exited: boolean;
}

/**
 * Up to `threads - 1` helper threads for a run (no more than it has blocks), started when made;
 * `write` writes the run with them and ends them. A helper that fails leaves its blocks to this
 * thread (the same lines), and `write` says why it failed.
 */
export class HelperThreads {
  private readonly state = new Int32Array(new SharedArrayBuffer(8));
  private readonly helpers: Helper[] = [];
  private failure: string | undefined;
  private readonly blocks: number;
  private readonly ready = new Map<number, readonly Uint8Array[]>();
  private byHelpers = 0;
  /** Called when a helper posts a block or ends. */
  private wake: () => void = () => {};

  constructor(
    private readonly run: BlockRun,
    /** The API set the run draws from (each helper makes its own from the same files). */
    private readonly apis: ApiSet,
    threads: number,
    /** The helper's module (a test gives one that fails). */
    helperModule: URL = HELPER,
  ) {
    this.blocks = spanOf({ count: run.count }).blocks;
    for (let i = 1; i < Math.min(threads, this.blocks); i++) {
      const { port1, port2 } = new MessageChannel();
      const data: HelperData = { run, state: this.state.buffer as SharedArrayBuffer, port: port2 };
      const worker = new Worker(helperModule, { workerData: data, transferList: [port2] });
      const helper: Helper = { worker, port: port1, exited: false };
      worker.on('error', (error) => (this.failure ??= error.stack ?? String(error)));
      port1.on('message', (message: FromHelper) => {
        if ('error' in message) this.failure ??= message.error;
        else {
          this.ready.set(message.block, message.chunks);
          this.byHelpers++;
        }
        this.wake();
      });
      worker.once('exit', (code) => {
        if (code !== 0) this.failure ??= `it exited with code ${code}`;
        helper.exited = true;
        this.wake();
      });
      this.helpers.push(helper);
    }
  }

  /** Writes the run's lines with `write`; resolves to how many blocks the helpers drew. */
  async write(
    write: (bytes: Uint8Array) => void,
    note: (text: string) => void,
  ): Promise<{ blocks: number; byHelpers: number }> {
    const { run, blocks, helpers, ready, state } = this;
    let written = 0;
    // A block written as drawn goes through one reused buffer; one drawn ahead is kept in buffers of its own.
    const direct = new LineBytes(write, true);
    let kept: Uint8Array[] = [];
    const keeping = new LineBytes((chunk) => kept.push(chunk), false);
    const flush = () => {
      for (let chunks = ready.get(written); chunks !== undefined; chunks = ready.get(written)) {
        for (const chunk of chunks) write(chunk);
        ready.delete(written++);
        Atomics.store(state, WRITTEN, written);
        Atomics.notify(state, WRITTEN);
      }
    };
    const live = () => helpers.some((h) => !h.exited);
    /** Until a helper posts a block or ends. */
    const helperNews = () => new Promise<void>((resolve) => (this.wake = resolve));
    try {
      for (;;) {
        // The helpers' messages and ends come in between blocks.
        await setImmediate();
        flush();
        // With no helper left, the blocks not written are drawn below, in order.
        if (!live()) break;
        if (Atomics.load(state, NEXT) - written >= AHEAD) {
          await helperNews();
          continue;
        }
        const block = Atomics.add(state, NEXT, 1);
        if (block >= blocks) break;
        if (block === written) {
          drawBlock(run, block, direct, this.apis);
          Atomics.store(state, WRITTEN, ++written);
          Atomics.notify(state, WRITTEN);
        } else {
          drawBlock(run, block, keeping, this.apis);
          ready.set(block, kept);
          kept = [];
        }
      }
      // Every block is taken: the helpers' last ones, until each has ended.
      for (flush(); written < blocks && live(); flush()) await helperNews();
      if (written < blocks && this.failure !== undefined)
        note(
          `note: a helper thread of generate stopped (${this.failure.split('\n')[0]}); this thread drew its blocks\n`,
        );
      while (written < blocks) {
        if (ready.has(written)) flush();
        else drawBlock(run, written++, direct, this.apis);
      }
    } finally {
      await this.stop();
    }
    return { blocks, byHelpers: this.byHelpers };
  }

  /** Ends the helpers (whatever they drew and did not post is dropped). */
  private async stop(): Promise<void> {
    for (const { worker, port } of this.helpers) {
      port.close();
      await worker.terminate();
    }
  }
}
