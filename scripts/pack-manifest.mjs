// The packed package.json carries no install-time script: `npm ci` in a checkout builds the CLI
// bundle through `prepare`, but an installed package has its bundle already, and npm lists any
// such script among those a user must approve. `npm pack` / `npm publish` run
// `prepack` (build, then `strip`: package.json without them, the original kept aside) and
// `postpack` (`restore`). A pack that dies between the two leaves the original aside, and the
// next `strip` or `restore` puts it back first.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const manifest = new URL('../package.json', import.meta.url);
const kept = new URL('../node_modules/.package.json.before-pack', import.meta.url);
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'preprepare', 'prepare', 'postprepare'];

function restore() {
  if (existsSync(kept)) renameSync(kept, manifest);
}

const command = process.argv[2];
if (command === 'strip') {
  restore();
  const text = readFileSync(manifest, 'utf8');
  const pkg = JSON.parse(text);
  for (const name of INSTALL_SCRIPTS) delete pkg.scripts?.[name];
  writeFileSync(kept, text);
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
} else if (command === 'restore') {
  restore();
} else {
  console.error('usage: node scripts/pack-manifest.mjs strip|restore');
  process.exit(2);
}
