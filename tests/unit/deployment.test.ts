import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envSchema, parseConfig } from '@/lib/platform/config/config';

// The container files cannot be built on this machine (no Docker daemon, no registry for base
// images): these checks are what keeps them true to the code.

const read = (path: string) => readFileSync(path, 'utf8');
const configVariables = new Set(Object.keys(envSchema.shape));

/** `${NAME:-default}` → default, `${NAME}` → '' (what Compose does with an unset variable). */
const interpolate = (value: string) =>
  value.replace(/\$\{[A-Z0-9_]+(?::?-([^}]*))?\}/g, (_, fallback?: string) => fallback ?? '');

const Healthcheck = z.object({
  test: z.array(z.string()).min(2),
  interval: z.string(),
  timeout: z.string(),
  retries: z.number().int().min(1),
});
const Service = z.object({
  image: z.string().optional(),
  build: z.object({ context: z.string(), dockerfile: z.string() }).optional(),
  environment: z.record(z.string(), z.string()).default({}),
  command: z.array(z.string()).optional(),
  healthcheck: Healthcheck.optional(),
  depends_on: z.record(z.string(), z.object({ condition: z.string() })).default({}),
  volumes: z.array(z.string()).default([]),
  ports: z.array(z.string()).default([]),
});
const Compose = z.object({
  services: z.record(z.string(), Service),
  volumes: z.record(z.string(), z.unknown().nullable()).default({}),
});

const compose = Compose.parse(parse(read('compose.yaml'), { merge: true }));
const services = compose.services;
const appNames = Object.keys(services).filter((name) => /^app\d+$/.test(name));
const service = (name: string) => {
  const found = services[name];
  if (!found) throw new Error(`compose.yaml has no service ${name}`);
  return found;
};

describe('compose.yaml', () => {
  it('runs three instances of the image built from the Dockerfile', () => {
    expect(appNames).toEqual(['app1', 'app2', 'app3']);
    for (const name of appNames) {
      const app = service(name);
      expect(app.build, name).toEqual({ context: '.', dockerfile: 'Dockerfile' });
      expect(app.image, name).toBe(service('app1').image);
    }
    expect(existsSync('Dockerfile')).toBe(true);
  });

  it('has Redis 7 and PostgreSQL 15 with health checks and volumes for their data', () => {
    const redis = service('redis');
    const postgres = service('postgres');
    expect(redis.image).toBe('redis:7');
    expect(postgres.image).toBe('postgres:15');
    expect(redis.healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping']);
    expect(postgres.healthcheck?.test.slice(0, 2)).toEqual(['CMD', 'pg_isready']);
    // Lead submissions live in the store: Redis must keep them across a restart.
    expect(redis.command).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
    expect(redis.volumes).toEqual(['redis-data:/data']);
    expect(postgres.volumes).toEqual(['postgres-data:/var/lib/postgresql/data']);
    expect(Object.keys(compose.volumes).sort()).toEqual(['postgres-data', 'redis-data']);
  });

  it('points every instance at the compose Redis and Postgres, with a configuration the app accepts', () => {
    const postgres = service('postgres').environment;
    for (const name of appNames) {
      const raw = service(name).environment;
      for (const variable of Object.keys(raw))
        expect(configVariables, variable).toContain(variable);
      const env = Object.fromEntries(
        Object.entries(raw).map(([key, value]) => [key, interpolate(value)]),
      );
      const config = parseConfig(env);
      const database = new URL(config.DATABASE_URL ?? '');
      expect(database.hostname).toBe('postgres');
      expect(database.port).toBe('5432');
      expect(database.username).toBe(postgres.POSTGRES_USER);
      expect(database.password).toBe(interpolate(postgres.POSTGRES_PASSWORD ?? ''));
      expect(database.pathname).toBe(`/${postgres.POSTGRES_DB}`);
      expect(new URL(config.REDIS_URL ?? '').host).toBe('redis:6379');
      expect(config.PUBLIC_API_URL).toBeDefined();
      expect(config.PUBLIC_SITE_URL).toBeDefined();
      // The scheduler claims due work in the database: safe, and wanted, on every instance.
      expect(config.CALL_SCHEDULER).toBe(true);
      // Behind the proxy the client address arrives in X-Forwarded-For.
      expect(config.TRUST_PROXY).toBe(true);
    }
  });

  it('checks each instance on /healthz and starts it only once Redis and Postgres are healthy', () => {
    for (const name of appNames) {
      const app = service(name);
      expect(app.healthcheck?.test.join(' '), name).toContain('http://127.0.0.1:3000/healthz');
      expect(app.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    }
  });

  it('balances over every instance through a committed proxy config that checks /healthz', () => {
    const proxy = service('proxy');
    expect(proxy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(Object.keys(proxy.depends_on).sort()).toEqual(appNames);
    const caddyfile = read('deploy/Caddyfile');
    for (const name of appNames) expect(caddyfile).toContain(`${name}:3000`);
    expect(caddyfile).toMatch(/health_uri \/healthz/);
  });

  it('holds no secret but obvious placeholders', () => {
    const text = read('compose.yaml');
    expect(text).not.toMatch(/whsec_|vai_sk_|sk-[A-Za-z0-9]{8}/);
    for (const [name, { environment }] of Object.entries(services)) {
      for (const [key, value] of Object.entries(environment)) {
        if (!/TOKEN|SECRET|KEY|PASSWORD/.test(key)) continue;
        // Taken from the environment; the fallback, if any, says it is a placeholder.
        expect(value, `${name}.${key}`).toMatch(/^\$\{[A-Z0-9_]+(:-(change-me[a-z0-9-]*)?)?\}$/);
      }
    }
    const url = service('app1').environment.DATABASE_URL ?? '';
    expect(url).toMatch(/:\$\{POSTGRES_PASSWORD:-change-me[a-z0-9-]*\}@/);
  });
});

interface Stage {
  name: string;
  instructions: { keyword: string; args: string }[];
}

/** The Dockerfile's stages, with continuation lines joined and comments dropped. */
function dockerfileStages(text: string): Stage[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword.toUpperCase() === 'FROM') {
      const name = /\bAS\s+(\S+)$/i.exec(args)?.[1] ?? '';
      stages.push({ name, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

/** `ENV A=1 B=2` → { A: '1', B: '2' } (the only ENV form the Dockerfile uses). */
const envPairs = (args: string) =>
  Object.fromEntries(
    args
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        return [pair.slice(0, at), pair.slice(at + 1)];
      }),
  );

const stages = dockerfileStages(read('Dockerfile'));
const runtime = stages.at(-1)!;
const runtimeArgs = (keyword: string) =>
  runtime.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);

describe('Dockerfile', () => {
  it('builds in stages and runs only the last one', () => {
    expect(stages.map((stage) => stage.name)).toEqual([
      'base',
      'deps',
      'prod-deps',
      'build',
      'runtime',
    ]);
    // The runtime gets production dependencies and the build output, not the build's node_modules.
    const copies = runtimeArgs('COPY');
    expect(copies).toContainEqual(expect.stringMatching(/--from=prod-deps .*\/app\/node_modules/));
    expect(copies).toContainEqual(expect.stringMatching(/--from=build .*\/app\/\.next/));
    expect(copies.join('\n')).not.toMatch(/--from=deps\b/);
    const prodInstall = stages.find((s) => s.name === 'prod-deps')!.instructions;
    expect(prodInstall.map((i) => i.args).join('\n')).toMatch(/npm ci --omit=dev/);
  });

  it('runs as a user other than root', () => {
    const users = runtimeArgs('USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
  });

  it('checks its health on /healthz at the port it exposes, and runs server.ts', () => {
    const env = Object.assign({}, ...runtimeArgs('ENV').map(envPairs)) as Record<string, string>;
    const config = parseConfig(env);
    expect(config.HOSTNAME).toBe('0.0.0.0');
    expect(runtimeArgs('EXPOSE')).toEqual([String(config.PORT)]);
    expect(runtimeArgs('HEALTHCHECK').join(' ')).toMatch(/CMD .*\/healthz/);
    expect(runtimeArgs('VOLUME').join(' ')).toContain(config.DATA_DIR);
    expect(runtimeArgs('CMD')).toEqual(['["node", "--enable-source-maps", "dist/server.mjs"]']);
    // The image runs server.ts as npm run build bundled it: the bundle is copied from the build.
    const copies = runtimeArgs('COPY').join('\n');
    expect(copies).toMatch(/--from=build\b.*\/app\/dist \.\/dist/);
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(pkg.scripts.build).toMatch(/scripts\/build-server\.mjs/);
  });

  it('sets only variables lib/platform/config/config.ts knows (or Next reads itself)', () => {
    const nextOwn = new Set(['NEXT_TELEMETRY_DISABLED', 'NEXT_PUBLIC_TURNSTILE_SITE_KEY']);
    const variables = stages.flatMap((stage) =>
      stage.instructions
        .filter((i) => i.keyword === 'ENV')
        .flatMap((i) => Object.keys(envPairs(i.args))),
    );
    expect(variables.length).toBeGreaterThan(0);
    for (const variable of variables) {
      expect(configVariables.has(variable) || nextOwn.has(variable), variable).toBe(true);
    }
  });

  it('copies every folder the server reaches from its sources, and each exists', () => {
    const copied = runtimeArgs('COPY')
      .filter((args) => !args.includes('--from='))
      .flatMap((args) =>
        args
          .replace(/--chown=\S+/, '')
          .trim()
          .split(/\s+/)
          .slice(0, -1),
      );
    for (const path of copied) expect(existsSync(path), path).toBe(true);
    // What server.ts, lib/, schemas/ and scripts/ import with the @/ alias must be in the image.
    const sources = (path: string): string[] =>
      statSync(path).isDirectory()
        ? readdirSync(path).flatMap((entry) => sources(join(path, entry)))
        : /\.(ts|mjs)$/.test(path)
          ? [path]
          : [];
    const roots = copied.flatMap((path) => sources(path));
    const reached = new Set(
      roots.flatMap((file) => [...read(file).matchAll(/from '@\/([^/']+)/g)].map((m) => m[1]!)),
    );
    expect(reached.size).toBeGreaterThan(0);
    for (const folder of reached) expect(copied, folder).toContain(folder);
    // Read from disk relative to the working directory at run time.
    for (const path of [
      'lib/adapters/db/migrations',
      'lib/adapters/db/pglite-worker',
      'lib/adapters/speech-engine/worker',
      'content',
    ]) {
      expect(existsSync(path), path).toBe(true);
      expect(
        copied.some((root) => path === root || path.startsWith(`${root}/`)),
        path,
      ).toBe(true);
    }
  });

  it('leaves local state, dependencies and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', '.next', '.data', '.env', '.git']) {
      expect(ignored, entry).toContain(entry);
    }
  });
});
