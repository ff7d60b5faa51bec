/**
 * The layer rules of docs/architecture.md ("Layers"), checked by `npm run lint`
 * (dependency-cruiser). Type-only imports count: a cycle of types is a cycle of concepts.
 */
const MODEL_FOLDERS = '^sim-core/(bus|network|ni/[^/]+)/';
/** What is derived from the list of models: a model's folder may not depend on it. */
const DERIVED =
  '^sim-core/(index|models|faces|sim|session)\\.ts$|^sim-core/(scenario/(schema|parse|names|share-link|overrides|migrations)|trace/(events|narrate|vocabulary|log-text|timeline))\\.ts$|^sim-core/teaching/(?!prediction-kind\\.ts$)|^sim-core/(fidelity|bench)/';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No import cycles in sim-core, of values or of types.',
      severity: 'error',
      from: { path: '^sim-core/' },
      to: { circular: true },
    },
    {
      name: 'sim-core-is-pure',
      comment:
        'sim-core imports nothing from the app, the tools, the tests or the scenarios, and no UI library.',
      severity: 'error',
      from: { path: '^sim-core/' },
      to: {
        path: '^(src|tools|tests|scenarios)/|node_modules/(react|react-dom|d3|d3-[a-z-]+|comlink|zustand)/',
      },
    },
    {
      name: 'kernel-is-the-bottom',
      comment: 'The kernel (PRNG, channels, cloning, hashing) depends on nothing else in sim-core.',
      severity: 'error',
      from: { path: '^sim-core/kernel/' },
      to: { path: '^sim-core/(?!kernel/)' },
    },
    {
      name: 'kits-are-model-neutral',
      comment:
        'The node kits, message networks and memory components serve every model: they know none.',
      severity: 'error',
      from: { path: '^sim-core/(memory|node|net|ledger|os)/' },
      to: { path: `^sim-core/(bus|ni)/|${DERIVED}` },
    },
    {
      name: 'models-plug-into-the-socket',
      comment:
        "A model's folder depends on the socket (model.ts), the kits and shared components, never on what is derived from the list of models.",
      severity: 'error',
      from: { path: MODEL_FOLDERS },
      to: { path: DERIVED },
    },
    {
      name: 'models-do-not-know-each-other',
      comment:
        "A model's folder does not import another model's (the torus, network/, is also a shared library).",
      severity: 'error',
      from: { path: '^sim-core/(bus|ni/[^/]+)/' },
      to: { path: '^sim-core/(bus|ni/[^/]+)/', pathNot: '^sim-core/$1/' },
    },
    {
      name: 'torus-library-knows-no-nis',
      comment: 'The torus and its routers know no network interface model.',
      severity: 'error',
      from: { path: '^sim-core/network/' },
      to: { path: '^sim-core/(bus|ni)/' },
    },
    {
      name: 'scenario-format-not-teaching',
      comment: 'The scenario format does not import the teaching engine.',
      severity: 'error',
      from: { path: '^sim-core/scenario/' },
      to: { path: '^sim-core/teaching/' },
    },
    {
      name: 'worker-is-below-the-page',
      comment:
        'The worker layer (the simulator boundary) imports no store, view or shell of the page.',
      severity: 'error',
      from: { path: '^src/worker/' },
      to: { path: '^src/(state|views|shell|models|compare|teaching|lecture|export)/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
  },
};
