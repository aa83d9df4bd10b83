// Marks the end of `npm run build`: bin/agent-task-contracts.js serves the bundle only while no
// source file is newer than this stamp, so a stale build is never run after a source change.
import { writeFileSync } from 'node:fs';

writeFileSync(new URL('../dist/.build-stamp', import.meta.url), `${new Date().toISOString()}\n`);
