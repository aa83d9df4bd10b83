/**
 * A bulk run split between threads with the output of one thread (bulk.ts: `drawLines`): each
 * thread drafts whole chunks (`draftChunk`: ids unique within the chunk), and the thread that
 * writes takes them in order (`takeChunk`), keeping an object whose ids no earlier chunk gave and
 * making again, against every id of the run, the few whose ids one did (an edge-case id).
 */
import type { BulkRun } from './bulk.js';

/** Objects `from` to `to` (excluded) of a run as drafts: their lines as UTF-8, where each ends, their ids. */
export interface DraftChunk {
  from: number;
  to: number;
  bytes: Uint8Array;
  /** The byte offset after each line. */
  ends: Uint32Array;
  /** Each object's ids, as `BulkRun.draft` lists them. */
  ids: unknown[];
}

const encoder = new TextEncoder();

/** Objects `from` to `to` (one chunk) made by `run`, which makes nothing else meanwhile. */
export function draftChunk(run: BulkRun, from: number, to: number): DraftChunk {
  const ids: unknown[] = [];
  run.restart();
  const ends = new Uint32Array(to - from);
  let bytes = new Uint8Array(1 << 20);
  let at = 0;
  for (let i = from; i < to; i++) {
    const line = `${JSON.stringify(run.make(i, ids))}\n`;
    // A UTF-16 unit takes at most three bytes.
    if (at + line.length * 3 > bytes.length) {
      const grown = new Uint8Array(Math.max(bytes.length * 2, at + line.length * 3));
      grown.set(bytes.subarray(0, at));
      bytes = grown;
    }
    at += encoder.encodeInto(line, bytes.subarray(at)).written;
    ends[i - from] = at;
  }
  return { from, to, bytes: bytes.subarray(0, at), ends, ids };
}

/**
 * The bytes of a chunk's lines as one thread would have written them, given the chunks before it
 * were taken: drafts whose ids are new, and for the others the object made again.
 */
export function* takeChunk(run: BulkRun, chunk: DraftChunk): Generator<Uint8Array> {
  let start = 0;
  let at = 0;
  for (let k = 0; k < chunk.to - chunk.from; k++) {
    const next = run.takeDraft(chunk.ids, at);
    if (next >= 0) {
      at = next;
      continue;
    }
    at = run.draftEnd(chunk.ids, at);
    const lineStart = k === 0 ? 0 : chunk.ends[k - 1]!;
    if (lineStart > start) yield chunk.bytes.subarray(start, lineStart);
    yield encoder.encode(`${JSON.stringify(run.make(chunk.from + k))}\n`);
    start = chunk.ends[k]!;
  }
  if (chunk.bytes.length > start) yield chunk.bytes.subarray(start);
}
