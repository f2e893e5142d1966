import { readFileSync } from 'node:fs';

/** A process's CPU time in ticks of 10 ms (Linux: /proc/<pid>/stat, utime + stime), or null. */
export function cpuTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return null;
  }
}
