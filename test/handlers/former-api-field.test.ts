/**
 * What users wrote before the rename still works: every JSON input and a module's parts name their
 * API by `api` or by the field's former name (deprecated), both given and different is refused
 * saying where, and the outputs say `api`. Isolated: it registers a module written the old way.
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/conformance/runner.js';
import { apiField, withApiField } from '../../src/contract/api-field.js';
import { apiNames } from '../../src/contract/registry.js';
import { MockApp } from '../../src/handlers/app.js';
import { ControlError } from '../../src/handlers/control-error.js';
import { createHandlers, registerApi } from '../../src/handlers/index.js';
import { compileScenario } from '../../src/scenarios/compile.js';
import { defineScenario } from '../../src/scenarios/define.js';
import { ScenarioError } from '../../src/scenarios/types.js';
import { toyModule } from '../fixtures/apis/toy/index.js';

const FORMER = 'face';

describe('apiField', () => {
  it('reads api, else the former field; the same value twice is one; two values are refused, naming where', () => {
    expect(apiField({ api: 'ark' }, 'x')).toBe('ark');
    expect(apiField({ [FORMER]: 'ark' }, 'x')).toBe('ark');
    expect(apiField({ api: 'ark', [FORMER]: 'ark' }, 'x')).toBe('ark');
    expect(apiField({}, 'x')).toBeUndefined();
    expect(() => apiField({ api: 'ark', [FORMER]: 'praxis' }, 'seed.json')).toThrow(
      'seed.json: api "ark" and face "praxis" differ; face is the old name of api: give api alone',
    );
    expect(withApiField({ [FORMER]: 'ark', seed: 1 }, 'x')).toEqual({ api: 'ark', seed: 1 });
  });
});

describe('the mock reads the former field', () => {
  it('in a seed body, an answer rule and a scenario, and says api in what it answers', async () => {
    const app = await MockApp.create();
    const seeded = await app.controlResponse('POST', '/seed', {
      [FORMER]: 'ark',
      session: 'sesn-old',
      tasks: [{ state: 'running' }],
    });
    expect(seeded.status).toBe(200);
    expect((seeded.body as { stored: Record<string, unknown> }).stored).toMatchObject({ api: 'ark' });
    const clash = await app.controlResponse('POST', '/seed', {
      api: 'ark',
      [FORMER]: 'praxis',
      session: 's',
      tasks: [],
    });
    expect(clash.status).toBe(400);
    expect(JSON.stringify(clash.body)).toContain('POST /__mock/seed');

    await app.setAnswers([{ [FORMER]: 'ark', status: 503, times: 1 } as never]);
    expect(app.state().answers[0]).toMatchObject({ api: 'ark', remaining: 1 });
    expect(() => app.setAnswers([{ api: 'ark', [FORMER]: 'jsonrpc', status: 503 } as never])).toThrow(ControlError);

    const scenario = { name: 'old', [FORMER]: 'ark', timeline: [] };
    expect(compileScenario(scenario, 'old.yaml').scenario).toMatchObject({ api: 'ark' });
    expect(compileScenario(scenario, 'old.yaml').scenario).not.toHaveProperty(FORMER);
    const refused = (() => {
      try {
        compileScenario({ ...scenario, api: 'praxis' }, 'old.yaml');
      } catch (error) {
        return error;
      }
    })() as ScenarioError;
    expect(refused).toBeInstanceOf(ScenarioError);
    expect([refused.file, refused.pointer]).toEqual(['old.yaml', `/${FORMER}`]);
  });
});

describe('runConformance', () => {
  it('takes options written with the former field (typed, deprecated), and reports under api', async () => {
    // Port 9 (discard) refuses at once: the run ends with its error, having read which API to judge.
    const result = await runConformance({
      [FORMER]: 'ark',
      baseUrl: 'http://127.0.0.1:9/ark',
      session: 's',
      runs: 1,
    } as const);
    expect(result.api).toBe('ark');
    expect(result).not.toHaveProperty(FORMER);
    // @ts-expect-error an API is named, by api or by the former field
    const unnamed: Parameters<typeof runConformance>[0] = { baseUrl: 'http://127.0.0.1:9/' };
    expect(unnamed).toBeDefined();
  });
});

describe('a module written before the rename', () => {
  it('registers, and createHandlers takes the former name of its apiNames option', async () => {
    // The parts as written before: the same properties (getters kept, not read), the API under the former name.
    const former = <T extends { api: string }>(part: T) => {
      const { api, ...descriptors } = Object.getOwnPropertyDescriptors(part);
      return Object.defineProperties({ [FORMER]: part.api }, descriptors) as unknown as Omit<T, 'api'>;
    };
    const { contract } = toyModule;
    const old = {
      contract: Object.assign(former(contract), {
        operations: contract.operations.map((op) =>
          Object.assign(former(op), op.lifecycle ? { lifecycle: former(op.lifecycle) } : {}),
        ),
        rules: contract.rules.map(former),
      }),
      generators: former(toyModule.generators),
      mock: former(toyModule.mock),
    };
    registerApi(old as never);
    expect(apiNames()).toContain('toy');
    const mock = createHandlers({ faces: ['toy'] });
    expect(mock.handlers.length).toBe(contract.operations.length);
    await (await mock.app()).seed('toy', 'q-old', [{}]);
    expect((await mock.state()).seeded).toMatchObject({ toy: ['q-old'] });
  });
});

describe('both fields, different, are refused wherever a module or a scenario is written', () => {
  it('registerApi names the part; defineScenario names itself', () => {
    const { contract } = toyModule;
    const rules = contract.rules.map((rule, i) => (i === 0 ? { ...rule, [FORMER]: 'other' } : rule));
    expect(() => registerApi({ ...toyModule, contract: { ...contract, rules } } as never)).toThrow(
      'contract.rules[0]: api "toy" and face "other" differ; face is the old name of api: give api alone',
    );
    expect(() => registerApi({ ...toyModule, mock: { ...toyModule.mock, [FORMER]: 'other' } } as never)).toThrow(
      'the mock: api "toy" and face "other" differ',
    );
    expect(() => defineScenario({ name: 'x', api: 'ark', [FORMER]: 'praxis', timeline: [] } as never)).toThrow(
      'defineScenario: api "ark" and face "praxis" differ',
    );
    // A scenario file that names an unknown API by the former field is refused at the field it wrote.
    expect(() => compileScenario({ name: 'x', [FORMER]: 'arkk', timeline: [] }, 'old.yaml')).toThrow(
      'old.yaml: /face: unknown API "arkk"',
    );
  });
});
