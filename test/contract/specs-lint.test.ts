import { fileURLToPath } from 'node:url';
import { lint, loadConfig } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { BUILTIN_API_NAMES } from '../../src/apis/index.js';
import { BUILTIN } from '../helpers/apis.js';

describe('specs lint clean with the Redocly OpenAPI 3.1 linter (recommended rules)', async () => {
  const config = await loadConfig({});
  for (const api of BUILTIN_API_NAMES) {
    it(`${BUILTIN.contractOf(api).specFile} has no problems`, async () => {
      const problems = await lint({
        ref: fileURLToPath(new URL(`../../${BUILTIN.contractOf(api).specFile}`, import.meta.url)),
        config,
      });
      expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`)).toEqual(
        [],
      );
    });
  }

  it('the linter does report a broken spec (the check can fail)', async () => {
    const { createConfig, lintFromString } = await import('@redocly/openapi-core');
    const problems = await lintFromString({
      source: 'openapi: 3.1.0\ninfo: {title: x}\npaths:\n  /x:\n    get:\n      responses: {}\n',
      absoluteRef: '/broken.yaml',
      config: await createConfig({ extends: ['recommended'] }),
    });
    expect(problems.filter((p) => p.severity === 'error').length).toBeGreaterThan(0);
  });
});
