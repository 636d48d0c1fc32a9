// `npm run build`, after `next build`: server.ts and everything of ours it imports, bundled into
// one ES module (dist/server.mjs) that `npm start` and the tests run with plain `node`. Run
// through tsx instead, each start resolved and compiled ~2,000 modules through loader hooks on
// a second thread: ~8 s of CPU per start on this machine, most of a test server's start-up.
// Packages stay outside the bundle, loaded from node_modules as before (Next's own among them).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(`${root}/package.json`);

function resolvesAsModule(specifier, from) {
  try {
    const url = import.meta.resolve(specifier, from);
    return !url.startsWith('file:') || existsSync(fileURLToPath(url));
  } catch {
    return false;
  }
}

/**
 * Bare imports stay imports of node_modules, written as Node's ES module resolver accepts them:
 * a package's deep path without an `exports` map (`ajv/dist/2020`, `next/server`) gets the file
 * CommonJS resolution finds, extension included; JSON files are bundled (ES modules would need
 * an import attribute for them).
 */
const packagesAsNodeResolvesThem = {
  name: 'packages-as-node-resolves-them',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || args.path.startsWith('@/')) return undefined;
      if (args.path.endsWith('.json')) return undefined;
      const from = pathToFileURL(`${root}/dist/server.mjs`).href;
      // Node 20's import.meta.resolve names a file without looking whether it is there.
      if (resolvesAsModule(args.path, from)) return { path: args.path, external: true };
      const file = require.resolve(args.path, { paths: [args.resolveDir] });
      return { path: relative(`${root}/node_modules`, file), external: true };
    });
  },
};

/**
 * Bundles `entries` ({ outName: sourceFile }) into `outdir` as ES modules for Node 20; with
 * `splitting`, what an entry imports dynamically goes in chunks of its own.
 */
export async function bundleForNode(entries, outdir, { splitting = true } = {}) {
  await build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // What server.ts imports only once Next is prepared (route modules: next/server reads Next's
    // request storage as it loads) stays in chunks of its own, loaded then, not at start.
    splitting,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [packagesAsNodeResolvesThem],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await bundleForNode({ server: 'server.ts' }, `${root}/dist`);
}
