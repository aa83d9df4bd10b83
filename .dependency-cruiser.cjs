// The layers run one way (ARCHITECTURE.md):
//   contract <- generators <- handlers <- scenarios <- node / browser / cli
//   contract, generators <- conformance
// Each API's module (src/apis/<api>/) is cut by the same layers: its contract side (contract.ts,
// rules.ts, each rule with its kit) is contract, its generator side (generators.ts) is generators, its mock side
// (behaviour.ts, faults.ts, mock.ts) is handlers, its page overrides (pages.ts) are overrides. The
// forbidden rules are generated from LAYERS: a layer may import itself and the layers it lists,
// nothing else. Above them all, and only there, the package's entries (src/entries/) and the CLI
// compose the built-in API set and pass it down: no shared layer imports an API.
// `npm test` runs `npm run check:boundaries`; test/fixtures/boundaries breaks every rule.

/** One layer: the folder under src/ and the files of each API module that belong to it. */
const LAYERS = [
  {
    name: 'contract',
    apis: ['contracts', '[^/]+/(contract|rules)'],
    may: [],
    why: 'The contract is what every consumer reads; it must not depend on any of them.',
  },
  { name: 'types', may: ['contract'], why: 'The generated types under app names read only the contract.' },
  {
    name: 'http',
    may: ['contract'],
    why: 'The HTTP client serves record and conform; it reads nothing above the contract.',
  },
  {
    name: 'generators',
    apis: ['generators', 'contract-functions', '[^/]+/generators'],
    may: ['contract'],
    why: 'Generators feed both the mock and the runner, so they may read only the contract.',
  },
  { name: 'matchers', may: ['contract'], why: 'The matcher judges one answer by the contract alone.' },
  {
    name: 'handlers',
    apis: ['mocks', 'index', 'builtin-set', 'demo-records', 'mock-functions', 'types', '[^/]+/(behaviour|faults|mock)'],
    may: ['contract', 'generators', 'types'],
    why: 'The mock knows no scenario format: scenarios plug in through the player interface the handlers define.',
  },
  {
    name: 'overrides',
    apis: ['overrides', '[^/]+/pages'],
    may: ['contract', 'handlers', 'types'],
    why: 'Typed per-test handlers sit on the mock.',
  },
  {
    name: 'scenarios',
    may: ['contract', 'generators', 'handlers', 'types'],
    why: 'Scenarios are used by node, browser and cli, never the reverse.',
  },
  {
    name: 'conformance',
    may: ['contract', 'generators', 'http'],
    why: 'The runner never imports the mock: a bug the runner and the mock shared would pass unseen.',
  },
  {
    name: 'node',
    may: ['contract', 'handlers', 'http', 'scenarios', 'types'],
    why: 'record shares the HTTP client and drift reading with conform through src/http and the contract, not the runner.',
  },
  { name: 'browser', may: ['contract', 'handlers', 'scenarios'], why: 'The browser entry runs the mock in a page.' },
  {
    name: 'kit',
    may: ['contract', 'generators', 'handlers', 'overrides'],
    why: 'The kit gathers what an API module is written with; only the CLI, which loads modules, reads it.',
  },
  {
    name: 'cli',
    may: ['conformance', 'contract', 'generators', 'handlers', 'kit', 'node', 'scenarios'],
    why: 'The CLI is the top: it composes the API set and runs the mock, the runner and the generators.',
  },
  { name: 'playwright', may: ['handlers', 'node'], why: 'The Playwright fixture drives a node server.' },
];

/**
 * The package's entry points: each re-exports one layer over the built-in API set; and generate's
 * helper thread (cli/generate-worker), the top of its thread's graph as cli/entry is of the process.
 */
const ENTRIES = '^(src/entries/|src/cli/(entry|generate-worker)\\.ts$)';
/** What composes the built-in API set: the entries, and the CLI, which adds the modules `--api` loads. */
const COMPOSERS = '^(src/entries/|src/cli/)';
/** Every shared layer's own folder (not the API modules' files cut into it). */
const SHARED = `^src/(${LAYERS.map((l) => l.name).join('|')})/`;

const pathsOf = (layer) =>
  [`src/${layer.name}/`, ...(layer.apis ?? []).map((file) => `src/apis/${file}\\.ts$`)].map((p) => `^${p}`);
const regex = (paths) => `(${paths.join('|')})`;

const layerRules = LAYERS.map((layer) => ({
  name: `${layer.name}-imports-only-${layer.may.length > 0 ? layer.may.join('-') : 'itself'}`,
  comment: layer.why,
  severity: 'error',
  from: { path: regex(pathsOf(layer)) },
  to: {
    path: regex(LAYERS.filter((l) => l !== layer && !layer.may.includes(l.name)).flatMap(pathsOf)),
  },
}));

const browserReachable = regex(
  LAYERS.filter((l) =>
    ['browser', 'contract', 'generators', 'handlers', 'matchers', 'overrides', 'scenarios', 'types'].includes(l.name),
  ).flatMap(pathsOf),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'shared-layers-import-no-api',
      comment:
        'The shared layers take the API set they are given and name none: only the entries and the CLI compose one.',
      severity: 'error',
      from: { path: SHARED, pathNot: COMPOSERS },
      to: { path: '^src/(apis|entries)/' },
    },
    {
      name: 'nothing-imports-an-entry',
      comment: 'An entry is the top of the graph: what it re-exports is imported from its layer.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: ENTRIES },
    },
    {
      name: 'runner-never-reaches-the-mock',
      comment: 'Not through another layer either: the runner reaches no file of the mock, directly or not.',
      severity: 'error',
      from: { path: regex(pathsOf(LAYERS.find((l) => l.name === 'conformance'))) },
      to: { path: regex(pathsOf(LAYERS.find((l) => l.name === 'handlers'))), reachable: true },
    },
    {
      name: 'behaviour-files-hold-no-fault-logic',
      comment:
        "Each API's behaviour.ts, and the behaviour derived from an operation's data (src/handlers/derived), is the " +
        'documented behaviour; faults wrap it from faults.ts and src/handlers/faults.',
      severity: 'error',
      from: { path: '^(src/apis/[^/]+/behaviour|src/handlers/derived/[^/]+)\\.ts$' },
      to: { path: '(^src/apis/[^/]+/faults\\.ts$|^src/handlers/faults/)' },
    },
    {
      name: 'browser-code-uses-no-node-builtins',
      comment: 'The browser entry and every layer it reaches must run in a page.',
      severity: 'error',
      from: { path: browserReachable },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-cycles',
      comment: 'A cycle hides which layer owns a fact.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
