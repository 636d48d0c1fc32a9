// npm run bench:profile-top -- FILE.cpuprofile [--top 30] [--from MS --to MS] — where a CPU
// profile's samples went: self time by function, and by package or source folder, largest first
// (idle and program left out of the shares, so they read as shares of the busy time). --from and
// --to (epoch ms) keep the samples of one stretch, for profiles written by bench/cpu-profile-preload.ts.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
  epochOffsetUs?: number;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '30' },
    from: { type: 'string' },
    to: { type: 'string' },
  },
});
const top = Number(values.top);
const fromMs = values.from === undefined ? -Infinity : Number(values.from);
const toMs = values.to === undefined ? Infinity : Number(values.to);

function where(url: string): string {
  if (!url) return '(native / vm)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return url;
  const ours = /\/(lib|app|server|bench|tests)\/([^/]+)/.exec(url);
  return ours ? `${ours[1]}/${ours[2]}` : url.replace(/^.*\/\.next\//, '.next/');
}

for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const fn = new Map<string, number>();
  const area = new Map<string, number>();
  let busy = 0;
  let total = 0;
  let at = profile.startTime + (profile.epochOffsetUs ?? 0);
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    if (at / 1000 < fromMs || at / 1000 >= toMs) return;
    total += us;
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') return;
    busy += us;
    const key = `${frame.functionName || '(anonymous)'} ${where(frame.url)}:${frame.lineNumber + 1}`;
    fn.set(key, (fn.get(key) ?? 0) + us);
    const place = frame.url ? where(frame.url) : frame.functionName;
    area.set(place, (area.get(place) ?? 0) + us);
  });
  console.log(
    `${file}: ${(total / 1000).toFixed(0)} ms profiled, ${(busy / 1000).toFixed(0)} ms busy`,
  );
  const print = (title: string, map: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(
        `${(us / 1000).toFixed(1).padStart(8)} ms ${((100 * us) / busy).toFixed(1).padStart(5)} %  ${key}`,
      );
  };
  print('by package or folder (self time)', area);
  print('by function (self time)', fn);
}
