#!/usr/bin/env node
// Runs the compiled CLI when `npm run build` has produced dist/, otherwise the TypeScript
// sources through tsx's loader (a checkout without a build).
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/cli/main.js', import.meta.url);
if (existsSync(compiled)) {
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
