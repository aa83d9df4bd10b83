import { describe, expect, it } from 'vitest';
import { BUILTIN_API_NAMES } from '../../src/apis/index.js';
import { allFaults, describeUnknownFaults, faultsOf } from '../../src/handlers/faults/index.js';
import { compileScenario } from '../../src/scenarios/compile.js';
import { BUILTIN } from '../helpers/apis.js';

describe('unknown fault ids', () => {
  it('suggest within the API the id names, never another API', () => {
    const message = describeUnknownFaults(['ark.not-a-server-error'], BUILTIN)!;
    expect(message).toMatch(/^unknown fault "ark.not-a-server-error"; ark can inject: ark\./);
    expect(message).not.toContain('everruns');
    expect(describeUnknownFaults(['everruns.not-a-server-eror'], BUILTIN)).toContain(
      '(did you mean "everruns.not-a-server-error"?)',
    );
    expect(describeUnknownFaults(['ark.order-newest-frist'], BUILTIN)).toContain(
      '(did you mean "ark.order-newest-first"?)',
    );
  });

  it('list the injectable ids of that API first, then say where the others are', () => {
    const message = describeUnknownFaults(['jsonrpc.nope'], BUILTIN)!;
    const listed = message
      .slice(message.indexOf('jsonrpc can inject: ') + 'jsonrpc can inject: '.length, message.lastIndexOf(';'))
      .split(', ');
    expect(listed).toEqual(faultsOf('jsonrpc', BUILTIN));
    expect(listed.length).toBeGreaterThan(5);
    expect(message).toContain(
      "the mock lists each API's in injectableFaults() (GET /__mock/faults), and docs/laws.md the built-in APIs'",
    );
  });

  it('suggest nothing for an id that names no API, and say how ids are formed', () => {
    const message = describeUnknownFaults(['nope'], BUILTIN)!;
    expect(message).not.toContain('did you mean');
    for (const api of BUILTIN_API_NAMES) expect(message).not.toContain(`${api} can inject`);
    expect(message).toContain(`a fault id starts with its API (${BUILTIN_API_NAMES.join(', ')})`);
  });

  it('suggest nothing when no id of the API is close', () => {
    expect(describeUnknownFaults(['ark.completely-unrelated-words'], BUILTIN)).not.toContain('did you mean');
  });

  it('every injectable id belongs to exactly one API, and known ids pass', () => {
    expect(BUILTIN_API_NAMES.flatMap((api) => faultsOf(api, BUILTIN)).sort()).toEqual([...allFaults(BUILTIN)].sort());
    expect(
      describeUnknownFaults(['ark.order-newest-first', 'praxis.sessions.cursor-bound-to-query'], BUILTIN),
    ).toBeUndefined();
  });

  it('a scenario with a misspelt fault says the same', () => {
    const scenario = {
      name: 'x',
      api: 'ark',
      sessions: [{ id: 's' }],
      timeline: [{ faults: ['ark.order-newest-frist'] }],
    };
    expect(() => compileScenario(scenario, 'x.yaml', BUILTIN)).toThrow(
      /\/timeline\/0\/faults\/0: unknown fault "ark.order-newest-frist" \(did you mean "ark.order-newest-first"\?\)/,
    );
  });
});
