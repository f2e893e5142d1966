#!/usr/bin/env node
// `npm start`: build the web apps only when missing or stale, then run the server
// (it migrates, seeds an empty database and prints the URL and demo credentials).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { requireSupportedNode } from './runtime.mjs';

requireSupportedNode();
const root = new URL('..', import.meta.url).pathname;
const shared = ['packages/contract/src', 'packages/domain/src'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

function buildIfStale(app) {
  const dir = join(root, 'apps', app);
  if (!existsSync(join(dir, 'index.html'))) return;
  const stamp = join(dir, 'dist', 'index.html');
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const sources = Math.max(
    newest(join(dir, 'src')),
    newest(join(dir, 'index.html')),
    newest(join(dir, 'vite.config.ts')),
    newest(join(dir, 'public')),
    ...shared.map((p) => newest(join(root, p))),
  );
  if (built >= sources) return;
  process.stdout.write(`Building ${app}…\n`);
  const r = spawnSync('npm', ['run', 'build', '-w', `@kabuto/${app}`], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (process.env.KABUTO_SKIP_BUILD !== '1') {
  buildIfStale('web');
  buildIfStale('admin');
}

const { register } = await import('tsx/esm/api');
register();
await import(join(root, 'apps/server/src/server.ts'));
