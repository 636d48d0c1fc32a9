// Runs npm scripts side by side and fails when any fails: `node scripts/run-together.mjs a b`.
// The first one's output streams as it comes; each other's is held and printed whole once it
// ends, so a log reads as if they had run one after another (and CI's summary lines stay whole).
// npm test runs the API and browser suites this way: the browser suite leaves most of a CPU
// idle while it waits on Chromium, which the API suite's servers then use.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-together.mjs <npm script>...');
  process.exit(2);
}

const runs = scripts.map(
  (script, index) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', script], {
        stdio: ['ignore', index === 0 ? 'inherit' : 'pipe', index === 0 ? 'inherit' : 'pipe'],
      });
      const held = [];
      child.stdout?.on('data', (chunk) => held.push(chunk));
      child.stderr?.on('data', (chunk) => held.push(chunk));
      child.on('close', (code, signal) => {
        if (held.length > 0) {
          process.stdout.write(`\n> npm run ${script} (ran beside ${scripts[0]})\n`);
          process.stdout.write(Buffer.concat(held));
        }
        const failed = code !== 0;
        if (failed) console.error(`run-together: ${script} failed (${signal ?? `exit ${code}`})`);
        resolve(failed);
      });
    }),
);

const failures = (await Promise.all(runs)).filter(Boolean).length;
process.exit(failures > 0 ? 1 : 0);
