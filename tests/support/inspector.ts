import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

/** The Inspector's CLI (1.0.3, the line that runs on Node 20) as a user runs it. */
export function inspector(base: string, key: string, args: string[]): Promise<unknown> {
  const cli = createRequire(import.meta.url).resolve(
    '@modelcontextprotocol/inspector-cli/build/cli.js',
  );
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        cli,
        '--cli',
        `${base}/v1/mcp`,
        '--transport',
        'http',
        '--header',
        `Authorization: Bearer ${key}`,
        ...args,
      ],
      // It finds its own package.json relative to the working directory.
      { cwd: dirname(cli), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`inspector exited ${code}: ${err}${out}`));
      try {
        resolve(JSON.parse(out.slice(out.indexOf('{'))));
      } catch (error) {
        reject(new Error(`inspector printed no JSON: ${out}${err}`, { cause: error }));
      }
    });
  });
}
