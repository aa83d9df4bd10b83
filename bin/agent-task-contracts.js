#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader, so the package works from a checkout without a build.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
