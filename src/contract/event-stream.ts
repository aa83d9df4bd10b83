/**
 * JSON-RPC messages carried as Server-Sent Events (`text/event-stream`), as MCP's Streamable HTTP answers a
 * call: each event's `data` lines hold one message. The runner reads the response out of such a stream; the
 * mock writes one. The event format is the HTML standard's
 * (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation).
 */
import { isObject } from './rules/check-helpers.js';

export const EVENT_STREAM = 'text/event-stream';

/** Whether a content type names an event stream. */
export const isEventStream = (contentType: string | null | undefined): boolean =>
  contentType?.split(';')[0]?.trim().toLowerCase() === EVENT_STREAM;

/** The data of each event of a stream, its `data` lines joined by line feeds; events without data are left out. */
function eventData(text: string): string[] {
  const events: string[] = [];
  let data: string[] | undefined;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === '') {
      if (data) events.push(data.join('\n'));
      data = undefined;
      continue;
    }
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== 'data') continue;
    const value = colon < 0 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
    (data ??= []).push(value);
  }
  // "Once the end of the file is reached, any pending data must be discarded": an event ends at a blank line.
  return events.filter((event) => event !== '');
}

/**
 * Where a stream that ended stands, to resume it: the id of the last event it dispatched (an `id` field, kept
 * until another; an event ends at a blank line) and the reconnection time its last `retry` field gave, in ms.
 */
export function streamPosition(text: string): { id?: string; retryMs?: number } {
  let buffer: string | undefined;
  let id: string | undefined;
  let retryMs: number | undefined;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === '') {
      id = buffer;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon === 0) continue;
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
    if (field === 'id' && !value.includes('\0')) buffer = value;
    else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
  }
  return { ...(id ? { id } : {}), ...(retryMs === undefined ? {} : { retryMs }) };
}

/**
 * The JSON-RPC response a stream carries: the first event whose data is an object with `result` or `error` (a
 * server may send requests and notifications before it), as its text; undefined when none does.
 */
export function responseInStream(text: string): string | undefined {
  for (const data of eventData(text)) {
    try {
      const message: unknown = JSON.parse(data);
      if (isObject(message) && ('result' in message || 'error' in message)) return data;
    } catch {
      // Not JSON: not the response.
    }
  }
  return undefined;
}

/** A stream of one event carrying a message's JSON text. */
export const eventStreamOf = (json: string): string => `event: message\ndata: ${json}\n\n`;
