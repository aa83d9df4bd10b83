/**
 * Child-process servers for the benchmark, so the load generator does not share their event
 * loop: `raw FILE PORT` sends FILE's bytes to every request (the ceiling); `mock PORT [FILLER]`
 * runs the standalone mock. Each prints "ready" when listening.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { MockApp } from '../src/handlers/app.js';
import { seedDemo } from '../src/handlers/dataset.js';
import { MockStore } from '../src/handlers/store.js';
import { startServer } from '../src/node/server.js';

const [kind, a, b] = process.argv.slice(2);
if (kind === 'raw') {
  const bytes = readFileSync(a!);
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes.length });
    res.end(bytes);
  });
  server.listen(Number(b), '127.0.0.1', () => console.log('ready'));
} else if (kind === 'mock') {
  const store = await seedDemo(new MockStore(), { fillerTasks: Number(b ?? 0) });
  const app = await MockApp.create({ store });
  await startServer(app, { port: Number(a) });
  console.log('ready');
} else {
  console.error('usage: servers.ts raw FILE PORT | mock PORT [FILLER]');
  process.exit(2);
}
