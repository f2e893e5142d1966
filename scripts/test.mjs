#!/usr/bin/env node
// `npm test`: import rules, the pinyin edge, lint, type check, unit + API tests (API suites on PostgreSQL
// when DATABASE_URL is set, else PGlite; the engine suites on both; among them the fuzz and cross-user
// suites), the crash test
// (kill -9 under money load; PostgreSQL only, skipped with a notice without DATABASE_URL), the deploy test
// (scripts/test-deploy.mjs: nginx, two production instances, PostgreSQL and Redis), then the browser tests
// and Lighthouse CI with its deterministic budgets: accessibility, first-screen JavaScript bytes, no console
// errors (both skipped with a notice when /usr/bin/chromium is absent). No step asserts a timing or a
// performance score: those are `npm run bench` (bench/lighthouse, bench/orders, …). The ledger's long
// model run is its own command (`npm run test:ledger-long`), which CI runs after this one.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { requireSupportedNode } from './runtime.mjs';

requireSupportedNode();
const root = new URL('..', import.meta.url).pathname;
const steps = [
  ['import rules', 'node', ['scripts/check-imports.mjs']],
  ['pinyin edge', 'npx', ['tsx', 'scripts/pinyin-edge.ts']],
  ['lint', 'npx', ['biome', 'ci', '.']],
  ['type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['unit and API tests', 'npx', ['vitest', 'run']],
  ['crash test', 'npx', ['tsx', 'scripts/crash-test.ts']],
  // two compiled production instances behind nginx (skips itself with a notice without nginx, PostgreSQL
  // or Redis)
  ['deploy test', 'node', ['scripts/test-deploy.mjs']],
  ['build', 'npm', ['run', 'build']],
  ['browser tests', 'npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts']],
  ['lighthouse', 'npx', ['tsx', 'scripts/lighthouse.ts']],
];

const chromium = existsSync('/usr/bin/chromium');
const results = [];
for (const [name, cmd, args] of steps) {
  if ((name === 'browser tests' || name === 'lighthouse') && !chromium) {
    process.stdout.write(
      `\n▶ ${name}: skipped — /usr/bin/chromium is not installed (apt-get install -y chromium)\n`,
    );
    results.push([name, 'skipped']);
    continue;
  }
  process.stdout.write(`\n▶ ${name}: ${cmd} ${args.join(' ')}\n`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  results.push([name, r.status === 0 ? `ok (${secs}s)` : `FAILED (${secs}s)`]);
  if (r.status !== 0) break;
}
process.stdout.write('\nSummary:\n');
for (const [name, outcome] of results) process.stdout.write(`  ${name.padEnd(20)} ${outcome}\n`);
process.exit(results.some(([, o]) => o.startsWith('FAILED')) ? 1 : 0);
