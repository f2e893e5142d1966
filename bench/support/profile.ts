/**
 * A summary of a V8 CPU profile (what `node --cpu-prof` writes, or the inspector's Profiler.stop
 * returns): self time by where the code lives — a package of node_modules, a workspace module, Node's
 * internals, the garbage collector — and the functions with the most self time.
 */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    hitCount?: number;
  }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Where a frame's code lives. */
function bucket(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[1] ?? url.slice(5)}`;
  const w = /\/((?:apps|packages)\/[^/]+)\/src\/(?:modules\/)?([^/]+)/.exec(url);
  if (w) return `${w[1]}/${w[2]}`;
  return url.replace(/^.*\/(bench|scripts)\//, '$1/');
}

export function profileSummary(profile: CpuProfile, top = 14): string {
  // self time per node: the sum of the time deltas of its samples
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++)
    self.set(samples[i], (self.get(samples[i]) ?? 0) + (deltas[i] ?? 0));
  const byBucket = new Map<string, number>();
  const byFn = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  for (const n of profile.nodes) {
    const us = self.get(n.id) ?? 0;
    const { functionName, url, lineNumber } = n.callFrame;
    // the profiler's own work (stopping it serialises the profile) is not the program's
    if (url === 'node:inspector' || url.startsWith('node:internal/inspector')) continue;
    if (functionName === '(idle)') {
      idle += us;
      continue;
    }
    busy += us;
    const b = bucket(url, functionName);
    byBucket.set(b, (byBucket.get(b) ?? 0) + us);
    const f = `${functionName || '(anonymous)'} ${b}${url ? `:${lineNumber + 1}` : ''}`;
    byFn.set(f, (byFn.get(f) ?? 0) + us);
  }
  const pct = (us: number) => `${((us / busy) * 100).toFixed(1).padStart(5)}%`;
  const lines = [
    `CPU profile: ${(busy / 1000).toFixed(0)} ms busy, ${(idle / 1000).toFixed(0)} ms idle; self time by where the code lives:`,
    ...[...byBucket]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([b, us]) => `  ${pct(us)}  ${b}`),
    'functions with the most self time:',
    ...[...byFn]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([f, us]) => `  ${pct(us)}  ${f}`),
  ];
  return `${lines.join('\n')}\n`;
}
