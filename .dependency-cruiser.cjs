// The layers run one way (ARCHITECTURE.md):
//   contract <- generators <- handlers <- scenarios <- node / browser / cli
//   contract, generators <- conformance
// Each rule names the direction it protects; `npm test` runs `npm run check:boundaries`.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'contract-imports-no-consumer',
      comment: 'The contract is what every consumer reads; it must not depend on any of them.',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { path: '^src/(generators|handlers|scenarios|conformance|node|browser|cli|types|playwright)/' },
    },
    {
      name: 'generators-import-no-mock',
      comment: 'Generators feed both the mock and the runner, so they may read only the contract.',
      severity: 'error',
      from: { path: '^src/generators/' },
      to: { path: '^src/(handlers|scenarios|conformance|node|browser|cli|playwright)/' },
    },
    {
      name: 'runner-never-imports-the-mock',
      comment: 'A bug the runner and the mock shared would pass unseen.',
      severity: 'error',
      from: { path: '^src/conformance/' },
      to: { path: '^src/(handlers|scenarios|node|browser|cli|playwright)/' },
    },
    {
      name: 'handlers-know-no-scenario-format',
      comment: 'Scenarios plug into the mock through the player interface the handlers define.',
      severity: 'error',
      from: { path: '^src/handlers/' },
      to: { path: '^src/(scenarios|overrides|conformance|node|browser|cli|playwright)/' },
    },
    {
      name: 'behaviour-files-hold-no-fault-logic',
      comment: 'Each face file is the documented behaviour; faults wrap it from src/handlers/faults.',
      severity: 'error',
      from: { path: '^src/handlers/faces/' },
      to: { path: '^src/handlers/faults/' },
    },
    {
      name: 'scenarios-below-the-adapters',
      comment: 'Scenarios are used by node, browser and cli, never the reverse.',
      severity: 'error',
      from: { path: '^src/scenarios/' },
      to: { path: '^src/(conformance|node|browser|cli|playwright)/' },
    },
    {
      name: 'http-client-is-shared-not-a-consumer',
      comment: 'The HTTP client serves record and conform; it reads nothing above the contract.',
      severity: 'error',
      from: { path: '^src/http/' },
      to: { path: '^src/(generators|handlers|scenarios|conformance|node|browser|cli|playwright)/' },
    },
    {
      name: 'node-does-not-import-runner-internals',
      comment:
        'record shares the HTTP client and drift reading with conform through src/http and the contract, not the runner.',
      severity: 'error',
      from: { path: '^src/node/' },
      to: { path: '^src/conformance/' },
    },
    {
      name: 'browser-code-uses-no-node-builtins',
      comment: 'The browser entry and every layer it reaches must run in a page.',
      severity: 'error',
      from: { path: '^src/(browser|contract|generators|handlers|matchers|overrides|scenarios|types)/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'browser-code-imports-no-node-layer',
      comment: 'node, cli, conformance and the HTTP client are Node-only.',
      severity: 'error',
      from: { path: '^src/(browser|contract|generators|handlers|matchers|overrides|scenarios|types)/' },
      to: { path: '^src/(node|cli|conformance|http|playwright)/' },
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
