#!/usr/bin/env node
/**
 * Budget check for the first screen (splash + login): sums the gzipped size of the JavaScript it loads —
 * the entry chunk and everything it imports statically, the splash / login / register chunks and their
 * static imports, and the default language's translations for them — and fails above the budget.
 *
 *   node scripts/first-screen-size.mjs [distDir]      (run by `npm run build`)
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** 100 KiB, the same budget as Lighthouse's (scripts/lighthouse.ts). */
const BUDGET_BYTES = 100 * 1024;
const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(process.argv[2] ?? join(here, '..', 'dist'));

/** The lazily loaded modules that belong to the first screen. */
const FIRST_SCREEN = [
  'src/features/login/pages/start-page.tsx',
  'src/features/login/pages/login-page.tsx',
  'src/features/login/pages/register-page.tsx',
  'src/locales/jp/common.json',
  'src/locales/jp/login.json',
];
/** Loaded by the splash only for a stored session (on the way home), else on demand; reported, not counted. */
const AFTER_PAINT = ['src/lib/msg-catalogue.ts'];

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch (e) {
  console.error(
    `first-screen-size: cannot read ${join(dist, '.vite', 'manifest.json')} (run vite build first): ${e.message}`,
  );
  process.exit(2);
}

const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
if (entries.length !== 1) {
  console.error(`first-screen-size: expected one entry chunk, found ${entries.length}`);
  process.exit(2);
}

/** A chunk key plus everything it imports statically. */
function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the manifest: ${key}`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return seen;
}

const gzipped = new Map();
function size(key) {
  const file = manifest[key].file;
  if (!gzipped.has(file)) {
    const code = readFileSync(join(dist, file));
    gzipped.set(file, { raw: code.length, gz: gzipSync(code, { level: 9 }).length });
  }
  return gzipped.get(file);
}

let missing = FIRST_SCREEN.filter((k) => !manifest[k]);
if (missing.length) {
  console.error(`first-screen-size: the manifest has no chunk for ${missing.join(', ')}`);
  process.exit(2);
}
const counted = closure([entries[0][0], ...FIRST_SCREEN]);
const rows = [...counted]
  .map((key) => ({ key, file: manifest[key].file, ...size(key) }))
  .sort((a, b) => b.gz - a.gz);
const total = rows.reduce((n, r) => n + r.gz, 0);

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log('\nFirst screen (splash + login) JavaScript, gzipped:');
for (const r of rows) console.log(`  ${kb(r.gz).padStart(9)}  ${r.file}  (${r.key})`);
console.log(`  ${'-'.repeat(9)}`);
console.log(`  ${kb(total).padStart(9)}  total, budget ${kb(BUDGET_BYTES)}`);

missing = AFTER_PAINT.filter((k) => !manifest[k]);
const later = [...closure(AFTER_PAINT.filter((k) => manifest[k]))].filter((k) => !counted.has(k));
const laterGz = later.reduce((n, k) => n + size(k).gz, 0);
if (later.length)
  console.log(
    `  (+${kb(laterGz)} message catalogue, fetched by the splash for a stored session, else with the first reply that needs it)`,
  );

if (total > BUDGET_BYTES) {
  console.error(`\nfirst-screen-size: ${kb(total)} is over the ${kb(BUDGET_BYTES)} budget`);
  process.exit(1);
}
console.log('');
