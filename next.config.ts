import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Drivers with native sockets or large payloads stay outside the bundle.
  // The speech worker (a plain .mjs loaded from disk) imports the eSpeak-NG and resampler WebAssembly
  // packages from node_modules, where they find their data files at run time. wavefile stays
  // external so the bundle loads the same CommonJS build as Node and tests do (Turbopack would
  // pick its ESM build, which has no default export).
  serverExternalPackages: [
    'ioredis',
    'stripe',
    'groq-js',
    '@hubspot/api-client',
    'request-filtering-agent',
    '@electric-sql/pglite',
    'pg',
    // The job queue: CommonJS, and it loads pg itself.
    'pg-boss',
    'drizzle-orm',
    'espeak-ng',
    '@echogarden/speex-resampler-wasm',
    'wavefile',
    'alawmulaw',
    // Speech encoders (WebAssembly / emscripten): loaded by Node as published.
    'wasm-media-encoders',
    'opusscript',
    'libflacjs',
    'twilio',
    // Deepgram's SDK opens its sockets through ws (optional native add-ons); the VAD's runtime is
    // a native add-on and reads its model file from node_modules.
    '@deepgram/sdk',
    'ws',
    'onnxruntime-node',
    '@ricky0123/vad-web',
  ],
  poweredByHeader: false,
  // `npm run build:bench` (BENCH_PAGES=1) also builds the files named `page.bench.tsx` and
  // `route.bench.ts`: baselines the benchmarks measure pages against (an empty page in the console
  // layout) and alternatives they compare (the live version polled with an ETag). Never in `npm run build`.
  pageExtensions:
    process.env.BENCH_PAGES === '1'
      ? ['bench.tsx', 'bench.ts', 'tsx', 'ts', 'jsx', 'js']
      : ['tsx', 'ts', 'jsx', 'js'],
  // App Router folders starting with a dot are not routes: /.well-known/* is served from app/well-known.
  async rewrites() {
    return [{ source: '/.well-known/:path*', destination: '/well-known/:path*' }];
  },
  // The site's one stylesheet is ~3 KB gzipped: inlined into each page's HTML it no longer
  // blocks first paint behind a second request.
  // server.ts preloads the route modules before `ready` instead of in the background after it.
  // Turbopack's build cache speeds up the next build of this checkout, and writing it costs
  // ~25 s: CI builds a fresh clone once, so it is not written there (.ci/run sets CI=true).
  experimental: {
    inlineCss: true,
    preloadEntriesOnStart: false,
    turbopackFileSystemCacheForBuild: process.env.CI !== 'true',
  },
  typedRoutes: false,
  // `npm run typecheck` checks the whole tree (tests included) once; the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  // CMS images are resized by Sanity's CDN (lib/site/image-loader.ts), not by Next's optimizer.
  images: { loader: 'custom', loaderFile: './lib/site/image-loader.ts' },
};

export default nextConfig;
