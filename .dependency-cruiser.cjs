// The house plan, executable: `npm run lint:deps` (part of `npm run lint`) fails on any import that
// breaks it. Layers, bottom up: platform (config, runtime, errors, http plumbing) <- adapters (one folder
// per outside system) <- bounded contexts (accounts, wallet, calls, speech, site, tool-server,
// console) <- composition (builds the adapters once, wires jobs and sockets) <- app/, server.ts.
const CONTEXTS = 'accounts|wallet|calls|speech|site|tool-server|console';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle makes load order matter and every file of it change together.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'platform-is-the-ground',
      comment: 'platform is imported by everyone, so it imports nothing of ours above it.',
      severity: 'error',
      from: { path: '^lib/platform/' },
      to: { path: '^(lib/(?!platform/)|app/|components/|schemas/)' },
    },
    {
      name: 'adapters-know-no-context',
      comment:
        'An adapter speaks to one outside system; what the business does with it lives above.',
      severity: 'error',
      from: { path: '^lib/adapters/' },
      to: { path: `^(lib/(${CONTEXTS}|composition)/|app/|components/)` },
    },
    {
      name: 'one-door-per-context',
      comment:
        'A context reaches another only through its index.ts, so its insides can change freely.',
      severity: 'error',
      from: { path: `^lib/(${CONTEXTS})/` },
      to: {
        path: `^lib/(${CONTEXTS})/`,
        pathNot: [`^lib/$1/`, `^lib/(${CONTEXTS})/index\\.tsx?$`],
      },
    },
    {
      name: 'schemas-stand-on-platform',
      comment:
        'Shapes are the contract; they must not depend on how the code behind them is built.',
      severity: 'error',
      from: { path: '^schemas/' },
      to: { path: '^(lib/(?!platform/)|app/|components/)' },
    },
    {
      name: 'app-reaches-adapters-through-composition',
      comment:
        'Routes and pages get adapters from the composition root, never by building their own.',
      severity: 'error',
      from: { path: '^(app|components)/' },
      to: { path: '^lib/adapters/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|\\.next)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
