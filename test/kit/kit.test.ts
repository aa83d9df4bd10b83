/**
 * The public kit (`agent-task-contracts/kit`) holds every helper the built-in modules describe their
 * API with, and the toy fixture is written from it alone.
 */
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import * as kit from '../../src/kit/index.js';
import { toyModule } from '../fixtures/apis/toy/index.js';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFile(new URL(path, root), 'utf8');

/** `{ a, type B, c as d }` from every import of a shared layer in a file, as the names imported. */
function sharedImports(source: string): { name: string; from: string }[] {
  return [...source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'\.\.\/\.\.\/([^']+)'/g)].flatMap(
    ([, names, from]) =>
      (names ?? '')
        .split(',')
        .map(
          (n) =>
            n
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0] ?? '',
        )
        .filter(Boolean)
        .map((name) => ({ name, from: from ?? '' })),
  );
}

// What a user's module has no use for: the built-in APIs' own specs and generated types, and the
// casts of stored objects to those types (a user's types come from its own spec).
const BUILT_IN_ONLY = /^(contract\/generated\/|contract\/types\/|types\/index\.js$)|^handlers\/response\.js#stored/;

describe('the kit', () => {
  it('exports every helper a built-in module imports from a shared layer', async () => {
    const kitSource = await read('src/kit/index.ts');
    const apis = (await readdir(new URL('src/apis/', root), { recursive: true })).filter((f) => f.endsWith('.ts'));
    const missing = new Set<string>();
    let seen = 0;
    for (const file of apis)
      for (const { name, from } of sharedImports(await read(`src/apis/${file}`))) {
        if (BUILT_IN_ONLY.test(`${from}#${name}`) || BUILT_IN_ONLY.test(from)) continue;
        seen++;
        if (!new RegExp(`\\b${name}\\b`).test(kitSource)) missing.add(`${name} (${from})`);
      }
    expect(seen).toBeGreaterThan(40);
    expect([...missing]).toEqual([]);
  });

  it('its values are what the layers define (a re-export, not a copy)', async () => {
    const { editItems } = await import('../../src/handlers/faults/transform.js');
    const { compileValidators } = await import('../../src/contract/compile.js');
    const { apiSetOf } = await import('../../src/handlers/apis.js');
    expect(kit.editItems).toBe(editItems);
    expect(kit.compileValidators).toBe(compileValidators);
    expect(kit.apiSetOf).toBe(apiSetOf);
    // defineApi completes a module once: what it made is made.
    const module = kit.defineApi(toyModule);
    expect(module.contract).toBe(toyModule.contract);
    expect(kit.defineApi(module)).toBe(module);
  });

  it('the toy fixture imports nothing of the package but the kit', async () => {
    const dir = 'test/fixtures/apis/toy/';
    const specifiers: string[] = [];
    for (const file of (await readdir(new URL(dir, root))).filter((f) => f.endsWith('.ts')))
      for (const [, specifier] of (await read(dir + file)).matchAll(/from '([^']+)'/g))
        specifiers.push(specifier ?? '');
    expect(specifiers.filter((s) => !s.startsWith('node:') && !s.startsWith('./'))).toEqual(
      specifiers.filter((s) => s === '../../../../src/kit/index.js'),
    );
    expect(specifiers).toContain('../../../../src/kit/index.js');
  });

  it('parseSpec names the file and what is missing', () => {
    expect(() => kit.parseSpec('openapi: [', 'acme.yaml')).toThrow(/^acme\.yaml is not YAML or JSON: /);
    expect(() => kit.parseSpec('- 1', 'acme.yaml')).toThrow('acme.yaml is not an OpenAPI document: it holds no object');
    expect(() => kit.parseSpec('openapi: 3.1.0\npaths: {}', 'acme.yaml')).toThrow(
      'acme.yaml is not an OpenAPI document: it has no info (an OpenAPI 3.1 spec has all three)',
    );
    const spec = kit.parseSpec('{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {}}', 'a.json');
    expect(spec.info.title).toBe('t');
  });

  it('editQuery changes the query alone: the headers, the session and the rest stay, the cached query text goes', () => {
    const request = {
      method: 'GET',
      path: '/tasks',
      query: new URLSearchParams('cursor=7'),
      search: '?cursor=7',
      headers: { 'a2a-version': '99.0' },
      session: 'sess-1',
      base: 'http://127.0.0.1:4010/a2a',
    };
    const edited = kit.editQuery(request, (q) => q.delete('cursor'));
    const { search: _text, query: _query, ...kept } = request;
    expect(edited).toEqual({ ...kept, query: new URLSearchParams() });
    expect(request.query.get('cursor')).toBe('7');
  });
});
