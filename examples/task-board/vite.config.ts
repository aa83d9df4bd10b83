import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Inside this repository the example imports the package by name from its sources.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: {
      'agent-task-contracts/browser': fileURLToPath(new URL('../../src/entries/browser.ts', import.meta.url)),
      'agent-task-contracts/overrides': fileURLToPath(new URL('../../src/entries/overrides.ts', import.meta.url)),
    },
  },
  server: { host: '127.0.0.1', port: 5173 },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 2048 },
});
