// `npm start`: builds when the build is missing or older than the sources, then runs server.ts
// (bundled into dist/server.mjs by the build).
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'app',
  'lib',
  'schemas',
  'public',
  'next.config.ts',
  'server.ts',
  'package-lock.json',
  'tsconfig.json',
];

function newestMtime(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (max, entry) => Math.max(max, newestMtime(join(path, entry))),
    stat.mtimeMs,
  );
}

const built = Math.min(newestMtime('.next/BUILD_ID'), newestMtime('dist/server.mjs'));
if (built === 0 || SOURCES.some((source) => newestMtime(source) > built)) {
  console.info(
    built === 0 ? 'no build yet: running the build' : 'sources changed: running the build',
  );
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.mjs'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
