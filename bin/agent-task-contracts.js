#!/usr/bin/env node
// Runs the bundled CLI when `npm run build` has produced it (one file: fastest start-up),
// otherwise the TypeScript sources through tsx's loader (a checkout without a build).
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/cli-bundle/entry.js', import.meta.url);
if (existsSync(bundle)) {
  await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/entry.ts');
}
