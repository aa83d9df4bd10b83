/**
 * Fault-free 200s by request, for a mock serving the same data: building and serialising a page
 * dominates the cost of a request (measured), so a repeated URL is answered with stored bytes and
 * precomputed headers. Any change of the store's version empties it.
 */
import type { MockResponse } from './types.js';

const CACHE_ENTRIES = 2_000;
const RECENT_WINDOW = 500;
const RECENT_ENTRIES = 10_000;
const ENCODER = new TextEncoder();

export class ResponseCache {
  private readonly answers = new Map<string, MockResponse>();
  /** When each recent URL was last asked (request number), to cache only URLs that come back. */
  private readonly lastAsked = new Map<string, number>();
  private version = -1;

  /** The stored answer for `key` while the store is at `storeVersion`. */
  get(key: string, storeVersion: number): MockResponse | undefined {
    if (this.version !== storeVersion) {
      this.answers.clear();
      this.lastAsked.clear();
      this.version = storeVersion;
    }
    return this.answers.get(key);
  }

  /**
   * The answer to send for request number `requestNumber`, kept when worth it. A page read from
   * the indexes is cheap to build again; keeping thousands of encoded bodies for URLs asked once
   * was measured to cost more in garbage collection than it saved. So such a page is kept when
   * its URL comes back soon (a client polling); other bodies are kept at once.
   */
  remember(key: string, response: MockResponse, requestNumber: number): MockResponse {
    if (response.status !== 200) return response;
    if (response.raw !== undefined && !this.askedRecently(key, requestNumber)) return response;
    if (this.answers.size >= CACHE_ENTRIES) this.answers.clear();
    const raw = response.raw ?? JSON.stringify(response.body);
    const bytes = ENCODER.encode(raw);
    // Encoded once, for this answer and every hit after it.
    const kept = { ...response, raw, bytes, headers: { ...response.headers, 'content-length': String(bytes.length) } };
    this.answers.set(key, kept);
    return kept;
  }

  /** Whether this URL was asked within the last RECENT_WINDOW requests (and notes that it was asked now). */
  private askedRecently(key: string, requestNumber: number): boolean {
    const last = this.lastAsked.get(key);
    if (this.lastAsked.size >= RECENT_ENTRIES) this.lastAsked.clear();
    this.lastAsked.set(key, requestNumber);
    return last !== undefined && requestNumber - last <= RECENT_WINDOW;
  }
}
