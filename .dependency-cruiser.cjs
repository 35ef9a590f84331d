/**
 * The folder rules of the project (lib/README.md explains them); tests/spec/architecture.spec.ts runs
 * them with dependency-cruiser's API and also fails on any cycle between folders.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'engine-not-on-tests',
      comment: 'lib/ and scripts/ never import tests/: what a command needs lives in lib/.',
      severity: 'error',
      from: { path: '^(lib|scripts)/' },
      to: { path: '^tests/' },
    },
    {
      name: 'lib-not-on-commands-or-mock',
      comment: 'lib/ is the engine: it never imports a command (scripts/) nor the mock it judges.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(scripts|mock)/' },
    },
    {
      name: 'judge-without-runner',
      comment:
        'Rules and the judge are pure functions of exchanges and judgements: drift and traffic judge with them without loading a test runner.',
      severity: 'error',
      from: { path: '^lib/(judge|rules)/' },
      to: { path: '@playwright/test' },
    },
    {
      name: 'rules-pure',
      comment:
        'lib/rules holds every rule once (issue 32): tests, drift, traffic and the models import it; it imports no test runner, test, fixture, command or mock.',
      severity: 'error',
      from: { path: '^lib/rules/' },
      to: { path: '(@playwright/test|^(tests|mock|scripts|fixtures)/)' },
    },
    {
      name: 'mock-independent',
      comment:
        'The mock is an independent implementation: sharing the engine or the tests would let a shared bug agree with itself.',
      severity: 'error',
      from: { path: '^mock/' },
      to: { path: '^(lib|tests|fixtures/index\\.ts)' },
    },
    {
      name: 'fixtures-only-wiring',
      comment: 'fixtures/ holds data, files, profiles and the Playwright wiring (fixtures/index.ts) only.',
      severity: 'error',
      from: { path: '^fixtures/(?!index\\.ts$).*\\.[cm]?[jt]s$' },
      to: {},
    },
    {
      name: 'no-circular',
      comment: 'No file-level import cycle.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(reports|spec/dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
