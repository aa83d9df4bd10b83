import { fileURLToPath } from 'node:url';
import { lint, loadConfig } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { BUILTIN_FACES } from '../../src/apis/index.js';
import { contractOf } from '../../src/contract/faces.js';

describe('specs lint clean with the Redocly OpenAPI 3.1 linter (recommended rules)', async () => {
  const config = await loadConfig({});
  for (const face of BUILTIN_FACES) {
    it(`${contractOf(face).specFile} has no problems`, async () => {
      const problems = await lint({
        ref: fileURLToPath(new URL(`../../${contractOf(face).specFile}`, import.meta.url)),
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
