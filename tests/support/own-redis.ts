import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port';
import { Redis } from 'ioredis';

export { freePort };

/**
 * A redis-server of our own that a test can stop and start again. Without `dataDir` it keeps
 * nothing across a restart; with it, every write is fsynced to an append-only file there first
 * (`appendfsync always`), as a deployment that keeps leads in Redis must, so a restart keeps
 * everything it acknowledged.
 */
export function ownRedis(port: number, options: { dataDir?: string } = {}) {
  let child: ChildProcess | undefined;
  const persistence = options.dataDir
    ? ['--dir', options.dataDir, '--appendonly', 'yes', '--appendfsync', 'always']
    : ['--appendonly', 'no'];
  return {
    url: `redis://127.0.0.1:${port}`,
    async start(): Promise<void> {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--save', '', ...persistence, '--bind', '127.0.0.1'],
        {
          stdio: 'ignore',
        },
      );
      const client = new Redis({
        port,
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      client.on('error', () => {});
      const deadline = Date.now() + 5_000;
      for (;;) {
        try {
          await client.connect();
          await client.ping();
          client.disconnect();
          return;
        } catch {
          if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not start`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    },
    /** SIGSTOP: the server keeps its connections but answers nothing, as a frozen host. */
    pause(): void {
      child?.kill('SIGSTOP');
    },
    resume(): void {
      child?.kill('SIGCONT');
    },
    async stop(): Promise<void> {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    },
  };
}
