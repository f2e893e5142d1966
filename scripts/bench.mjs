#!/usr/bin/env node
// `npm run bench [-- name…]`: runs bench/<name>/run.ts for each name given (default: every bench).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { requireSupportedNode, SERVER_NODE_OPTIONS } from './runtime.mjs';

requireSupportedNode();
const root = new URL('..', import.meta.url).pathname;
const all = readdirSync(join(root, 'bench')).filter((d) => existsSync(join(root, 'bench', d, 'run.ts')));
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : all;
for (const name of chosen) {
  if (!all.includes(name)) {
    process.stderr.write(`unknown bench "${name}"; have: ${all.join(', ')}\n`);
    process.exit(2);
  }
  process.stdout.write(`\n▶ bench/${name}\n`);
  // the benchmarks host the server in their own process: it runs with the server's V8 options
  const env = {
    ...process.env,
    NODE_OPTIONS: [process.env.NODE_OPTIONS, SERVER_NODE_OPTIONS].filter(Boolean).join(' '),
  };
  const r = spawnSync('npx', ['tsx', join('bench', name, 'run.ts')], { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
