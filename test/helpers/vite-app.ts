import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';

const src = fileURLToPath(new URL('../../src/', import.meta.url));
const workerScript = fileURLToPath(new URL('../../examples/task-board/public/mockServiceWorker.js', import.meta.url));

/** The package's sources, as a path prefix of the module ids a bundle holds. */
export const SOURCES = src;

/**
 * Writes a user's one-page Vite app (`main.ts`, MSW's worker script in `public/`) into `dir` and
 * builds it in `mode` as `vite build` would, the package imported by name from its sources.
 * NODE_ENV is what `import.meta.env.DEV` follows (vitest sets it to "test"), so it is set to the
 * mode for the build and put back after.
 */
export async function buildApp(
  dir: string,
  main: string,
  mode: 'production' | 'development' = 'production',
): Promise<{ chunks: Rolldown.OutputChunk[]; dist: string }> {
  await mkdir(join(dir, 'public'), { recursive: true });
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><html><body><script type="module" src="./main.ts"></script></body></html>',
  );
  await writeFile(join(dir, 'main.ts'), main);
  await cp(workerScript, join(dir, 'public/mockServiceWorker.js'));
  const dist = join(dir, `dist-${mode}`);
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = mode;
  try {
    const output = (await build({
      configFile: false,
      root: dir,
      mode,
      logLevel: 'silent',
      resolve: { alias: { 'agent-task-contracts/browser': join(src, 'entries/browser.ts') } },
      build: { outDir: dist, emptyOutDir: true, target: 'es2022' },
    })) as Rolldown.RolldownOutput;
    return { chunks: output.output.filter((o): o is Rolldown.OutputChunk => o.type === 'chunk'), dist };
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
