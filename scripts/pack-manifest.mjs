// The packed package.json carries no install-time script: `npm ci` in a checkout builds the CLI
// bundle through `prepare`, but an installed package has its bundle already, and npm lists any
// such script among those a user must approve. `npm pack` / `npm publish` run
// `prepack` (build, then `strip`: package.json without them, the original kept aside) and
// `postpack` (`restore`). A pack that dies between the two leaves the original aside, and the
// next `strip` or `restore` puts it back first. `strip` also refuses a manifest that names a file
// the package would not hold: an `exports` target (a new subpath whose build is missing) or a
// `files` entry (the shipped example) that does not exist.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const manifest = new URL('../package.json', import.meta.url);
const kept = new URL('../node_modules/.package.json.before-pack', import.meta.url);
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'preprepare', 'prepare', 'postprepare'];

function restore() {
  if (existsSync(kept)) renameSync(kept, manifest);
}

/** Every file `exports` maps a subpath to (conditions may nest), and every `files` entry, that is missing. */
function missingFiles(pkg) {
  const targets = [];
  const walk = (value, at) => {
    if (typeof value === 'string') targets.push([at, value]);
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) walk(inner, `${at} ${key}`);
  };
  walk(pkg.exports, 'exports');
  for (const entry of pkg.files ?? [])
    if (!entry.startsWith('!') && !entry.includes('*')) targets.push(['files', entry]);
  return targets.filter(([, path]) => !existsSync(new URL(`../${path}`, import.meta.url)));
}

const command = process.argv[2];
if (command === 'strip') {
  restore();
  const text = readFileSync(manifest, 'utf8');
  const pkg = JSON.parse(text);
  const missing = missingFiles(pkg);
  if (missing.length > 0) {
    for (const [field, path] of missing)
      console.error(`package.json ${field}: ${path} does not exist; build it or fix the entry`);
    process.exit(1);
  }
  for (const name of INSTALL_SCRIPTS) delete pkg.scripts?.[name];
  writeFileSync(kept, text);
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
} else if (command === 'restore') {
  restore();
} else {
  console.error('usage: node scripts/pack-manifest.mjs strip|restore');
  process.exit(2);
}
