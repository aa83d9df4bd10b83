#!/usr/bin/env node
// Runs the bundled CLI built by `npm run build` (which `npm ci` runs through `prepare`): one
// file, the fastest start-up. In a checkout whose sources changed after that build, the bundle
// is stale: the sources run through tsx's loader instead, so a stale build is never served.
import { existsSync, readdirSync, statSync } from 'node:fs';

const bundle = new URL('../dist/cli-bundle/entry.js', import.meta.url);
const stamp = new URL('../dist/.build-stamp', import.meta.url);
const sources = new URL('../src/', import.meta.url);

/**
 * The newest modification time of the sources the build reads under a folder (a checkout's; an installed
 * package has none): a README.md beside them does not make the bundle stale.
 */
function newest(folder) {
  let latest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const time = statSync(`${entry.parentPath ?? entry.path}/${entry.name}`).mtimeMs;
    if (time > latest) latest = time;
  }
  return latest;
}

function freshBundle() {
  if (!existsSync(bundle)) return false;
  if (!existsSync(sources)) return true; // an installed package: the bundle is all there is
  if (!existsSync(stamp)) return false;
  return newest(sources) <= statSync(stamp).mtimeMs;
}

if (freshBundle()) {
  await import(bundle.href);
} else {
  if (existsSync(bundle))
    process.stderr.write(
      'note: src/ changed since the last `npm run build`; running the sources through tsx (slower start). `npm run build` makes start-up fast again.\n',
    );
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/entry.ts');
}
