/**
 * The demo data reads like what the documents describe where a UI shows it: every URL is an
 * absolute https URL (a link a page renders, 000's MCP servers and 001's artifacts), and each
 * JSON-RPC output item is one of the kinds an agent produces (003: "模型/代理生成的输出条目集合（多类型）"),
 * an assistant's message with text or a tool call with its name, never an empty object.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/contract/index.js';
import { DEFAULT_DEMO } from '../../src/handlers/generated/demo-data.js';

/** Every string under a key named `url`, with where it is. */
function urls(value: unknown, at: string, found: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) for (const [i, v] of value.entries()) urls(v, `${at}/${i}`, found);
  else if (value !== null && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      if (key === 'url' && typeof v === 'string') found.push([`${at}/${key}`, v]);
      else urls(v, `${at}/${key}`, found);
    }
  return found;
}

const isHttpsUrl = (text: string) => {
  try {
    return new URL(text).protocol === 'https:';
  } catch {
    return false;
  }
};

describe('demo values', () => {
  it('every URL is an absolute https URL', () => {
    const all = urls(DEFAULT_DEMO, '');
    expect(all.length).toBeGreaterThan(10);
    expect(all.filter(([, url]) => !isHttpsUrl(url))).toEqual([]);
  });

  it('each JSON-RPC output item is a message with text or a tool call with a name', () => {
    const items = (DEFAULT_DEMO.tasks.jsonrpc ?? []).flatMap((task) => (task.output ?? []) as JsonObject[]);
    expect(items.length).toBeGreaterThan(10);
    const unlike = items.filter((item) => {
      if (item.type === 'function_call') return typeof item.name !== 'string' || typeof item.call_id !== 'string';
      if (item.type !== 'message') return true;
      const content = (item.content ?? []) as JsonObject[];
      return content.length === 0 || content.some((part) => typeof part.text !== 'string' || part.text === '');
    });
    expect(unlike).toEqual([]);
    expect(new Set(items.map((item) => item.type))).toEqual(new Set(['message', 'function_call']));
  });
});
