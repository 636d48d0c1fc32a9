// CPU time read from Linux's /proc (user + system): per request or per second it is steadier than
// latency on a shared machine, since time spent waiting for a core is not counted.
import { readFileSync } from 'node:fs';

/** CPU ms used so far by the process or thread `statPath` describes (/proc/<pid>/stat, …/task/<tid>/stat). */
export function procCpuMs(statPath: string): number {
  const stat = readFileSync(statPath, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime (fields 14 and 15 of
  // proc(5)), in clock ticks of 10 ms.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
