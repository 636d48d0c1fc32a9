import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { seedPglite } from './pglite-template';
import { migratedPostgresUrl } from './databases';

/** server.ts as `npm run build` bundles it (scripts/build-server.mjs). */
export const SERVER_BUNDLE = 'dist/server.mjs';
/** Where tests/support/build-preloads.mjs puts the bundle of a preload written in TypeScript. */
export const PRELOAD_BUNDLES = (file: string) => `dist/test-preloads/${basename(file, '.ts')}.mjs`;

export interface RunningServer {
  url: string;
  /** The server process (benchmarks read its memory from /proc). */
  pid: number;
  dataDir: string;
  logs(): string;
  /** SIGTERM, then wait for the process to exit; resolves with its exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: the process dies at once, mid-work, as in a crash. */
  kill(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Modules loaded before server.ts (e.g. msw stand-ins for third-party SaaS). */
  preload?: string[];
  /** Reuse a data directory (restart tests). */
  dataDir?: string;
  /** Let the server create its embedded database from nothing, as a first `npm start` does. */
  freshEmbeddedDatabase?: boolean;
  /**
   * The database the server runs on when `env` names none: `postgres` (a migrated database of
   * its own on the test server) or `embedded` (PGlite under its data directory, as `npm start`).
   * Default: TEST_SERVER_DATABASE (the API suites set `postgres`), else embedded.
   */
  database?: 'postgres' | 'embedded';
  /** Another checkout's build (a benchmark against an earlier commit); this one by default. */
  cwd?: string;
}

/**
 * How node runs the server: the bundle `npm run build` made (dist/server.mjs), as `npm start`
 * does; tsx is loaded only for preloads written in TypeScript. An earlier checkout built before
 * the bundle existed (a benchmark's baseline) runs server.ts through tsx, as it did then.
 */
function serverArgs(cwd: string | undefined, preload: readonly string[]): string[] {
  const at = (file: string) => existsSync(join(cwd ?? process.cwd(), file));
  if (!at(SERVER_BUNDLE)) {
    return ['--import', 'tsx', ...preload.flatMap((m) => ['--import', m]), 'server.ts'];
  }
  // A preload's bundle (tests/support/build-preloads.mjs) spares loading tsx for it alone.
  const bundled = preload.map((file) => (at(PRELOAD_BUNDLES(file)) ? PRELOAD_BUNDLES(file) : file));
  const needTsx = bundled.some((file) => file.endsWith('.ts'));
  return [
    '--enable-source-maps',
    ...(needTsx ? ['--import', 'tsx'] : []),
    ...bundled.flatMap((file) => ['--import', `./${file.replace(/^\.\//, '')}`]),
    SERVER_BUNDLE,
  ];
}

/** A restarted server (same data directory) finds the database it ran on. */
const postgresOfDataDir = new Map<string, { url: string; drop: () => Promise<void> }>();

async function databaseEnv(
  options: StartOptions,
  dataDir: string,
): Promise<{ env: Record<string, string>; drop?: () => Promise<void> }> {
  if (options.env?.DATABASE_URL) return { env: {} };
  const kept = postgresOfDataDir.get(dataDir);
  const wanted = options.database ?? process.env.TEST_SERVER_DATABASE ?? 'embedded';
  if (kept || (wanted === 'postgres' && !options.freshEmbeddedDatabase && !options.dataDir)) {
    const database = kept ?? (await migratedPostgresUrl());
    postgresOfDataDir.set(dataDir, database);
    return { env: { DATABASE_URL: database.url }, drop: database.drop };
  }
  if (!options.freshEmbeddedDatabase) seedPglite(dataDir);
  return { env: {} };
}

/** Starts the production server (server.ts over the `next build` output) on a free port. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'voiceai-data-'));
  const database = await databaseEnv(options, dataDir);
  const args = serverArgs(options.cwd, options.preload ?? []);
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      HOSTNAME: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      // Suites about something else must not depend on the hour they run at; the calling-rules
      // suite sets the window (and the server's clock) itself.
      CALL_HOURS: 'off',
      // A test server serves a few routes and exits: loading every route module before `ready`
      // cost ~3 s of CPU per start, ~170 starts per run (foundation.test.ts checks the default).
      PRELOAD_ROUTES: 'false',
      ...database.env,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    // A server that never came up is not left running (and loading the machine) after the test.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready: (http:\/\/[^\s]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    url,
    pid: child.pid!,
    dataDir,
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      // Stopped for good (a killed server may be restarted on its database; the run drops it).
      postgresOfDataDir.delete(dataDir);
      await database.drop?.().catch(() => {});
      return code;
    },
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Runs server.ts just far enough to see whether start-up accepts the environment. */
export function runServerExpectingExit(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, serverArgs(undefined, []), {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        PORT: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    // Start-up loads the bundle's packages first: on a loaded 2-core CI machine, over 30 s once.
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
