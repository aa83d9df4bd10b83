import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const depcruise = fileURLToPath(
  new URL('../../node_modules/dependency-cruiser/bin/dependency-cruise.mjs', import.meta.url),
);
const config = createRequire(import.meta.url)(`${root}.dependency-cruiser.cjs`) as { forbidden: { name: string }[] };
const RULES = config.forbidden.map((rule) => rule.name);

function cruise(cwd: string): { ok: boolean; output: string } {
  try {
    return {
      ok: true,
      output: execFileSync(
        process.execPath,
        [depcruise, 'src', '--config', `${root}.dependency-cruiser.cjs`, '--output-type', 'err'],
        { cwd, encoding: 'utf8' },
      ),
    };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe('layer boundaries (dependency-cruiser, also run by npm test)', () => {
  it('the project keeps every boundary', () => {
    const { ok, output } = cruise(root);
    expect(output).toContain('no dependency violations');
    expect(ok).toBe(true);
  });

  it('each rule fails on a tree that breaks it', () => {
    const { ok, output } = cruise(`${root}test/fixtures/boundaries`);
    expect(ok).toBe(false);
    expect(RULES.length).toBeGreaterThanOrEqual(10);
    for (const rule of RULES) expect(output, `rule ${rule} did not fire on its fixture`).toContain(`error ${rule}:`);
  });

  it('each behaviour is the documented behaviour only: no fault is named in a behaviour file or the derived ones', () => {
    const apis = readdirSync(`${root}src/apis/`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(`${root}src/apis/${entry.name}/behaviour.ts`))
      .map((entry) => `src/apis/${entry.name}/behaviour.ts`);
    const derived = readdirSync(`${root}src/handlers/derived/`)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => `src/handlers/derived/${name}`);
    expect(apis.length).toBeGreaterThan(0);
    expect(derived.length).toBeGreaterThan(0);
    for (const file of [...apis, ...derived])
      expect(readFileSync(root + file, 'utf8'), file).not.toMatch(/\bfaults?\b|faultMemory/i);
  });
});
