/**
 * The demo data reads like what the documents describe where a UI shows it: every URL is an
 * absolute https URL (a link a page renders, 000's MCP servers and 001's artifacts), and each
 * JSON-RPC output item is one of the kinds an agent produces (003: "模型/代理生成的输出条目集合（多类型）"),
 * an assistant's message with text or a tool call with its name, never an empty object. A Praxis
 * session's file resources (004: "each is a file reference mounted into the session's machine")
 * have a path and times, its agent a name that is not one of its tools, and money is a number.
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

  it("a Praxis session's resources have a mount path and times, its agent a name, its budget an amount", () => {
    const sessions = DEFAULT_DEMO.sessions;
    const resources = sessions.flatMap((session) => (session.resources ?? []) as JsonObject[]);
    expect(resources.length).toBeGreaterThan(10);
    const isTime = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value));
    expect(resources.filter((r) => !String(r.mount_path).startsWith('/'))).toEqual([]);
    expect(resources.filter((r) => !isTime(r.created_at) || !isTime(r.updated_at))).toEqual([]);
    expect(resources.filter((r) => Date.parse(String(r.updated_at)) < Date.parse(String(r.created_at)))).toEqual([]);
    const agents = sessions.map((session) => session.agent as JsonObject);
    const toolNamed = agents.filter((agent) =>
      ((agent.tools ?? []) as JsonObject[]).some((tool) => tool.name === agent.name),
    );
    expect(toolNamed).toEqual([]);
    const amounts = JSON.stringify(sessions).match(/"amount":"[^"]*"/g) ?? [];
    expect(amounts.filter((amount) => !/^"amount":"\d+(\.\d+)?"$/.test(amount))).toEqual([]);
  });
});
