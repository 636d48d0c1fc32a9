// Prism's validation proxy (@stoplight/prism-cli) in front of the built server: it forwards every
// request, validates request and response against the document, and reports what it found in the
// `sl-violations` response header (errors are not turned into answers of its own: --errors false).
import { spawn } from 'node:child_process';
import { freePort } from '../support/free-port';
import { join } from 'node:path';

export interface RunningPrism {
  url: string;
  logs(): string;
  /** False once the process has exited (it should live until stop()). */
  alive(): boolean;
  stop(): Promise<void>;
}

export async function startPrism(documentFile: string, upstream: string): Promise<RunningPrism> {
  const port = await freePort();
  const bin = join(process.cwd(), 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
  const child = spawn(
    process.execPath,
    [
      bin,
      'proxy',
      documentFile,
      upstream,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--errors',
      'false',
      '--cors',
      'false',
      '--validate-request',
      'true',
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production' },
    },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`prism exited with ${code}:\n${output}`));
    });
  });
  // Its log is one line per request and violation: keep only the tail.
  child.stdout!.removeAllListeners('data');
  child.stderr!.removeAllListeners('data');
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.on(
    'exit',
    (code, signal) => (output += `\n[prism exited: code ${code}, signal ${signal}]`),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    logs: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
