import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ADMIN_TOKEN } from './http';

/** `npm run admin -- <args>` against a test server, as an operator at a terminal runs it. */
export async function adminCli(base: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/admin.ts', ...args, '--url', base, '--token', ADMIN_TOKEN],
    { env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test' } },
  );
  return stdout;
}
