#!/usr/bin/env node
// Runs one of the server's entry points: `server`, `operator-cli`, `migrate-cli` or `backup-cli`.
// Production mode (KABUTO_MODE=production or NODE_ENV=production; `npm run start:prod` sets it) runs the
// compiled JavaScript in apps/server/dist (`npm run build:server`); the demo runs the TypeScript sources
// through tsx, as `npm start` does.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { requireSupportedNode } from './runtime.mjs';

requireSupportedNode();
const root = new URL('..', import.meta.url).pathname;
const [entry, ...rest] = process.argv.slice(2);
const SOURCES = {
  server: 'apps/server/src/server.ts',
  'operator-cli': 'apps/server/src/ops/operator-cli.ts',
  'migrate-cli': 'apps/server/src/ops/migrate-cli.ts',
  'backup-cli': 'apps/server/src/ops/backup-cli.ts',
};
if (!entry || !(entry in SOURCES)) {
  process.stderr.write(`usage: server-tool.mjs <${Object.keys(SOURCES).join('|')}> [args]\n`);
  process.exit(2);
}
if (rest[0] === '--prod') {
  rest.shift();
  process.env.KABUTO_MODE ??= 'production';
}
process.argv = [process.argv[0], join(root, SOURCES[entry]), ...rest];
const mode = process.env.KABUTO_MODE ?? (process.env.NODE_ENV === 'production' ? 'production' : 'demo');
if (mode === 'production') {
  const compiled = join(root, 'apps/server/dist', `${entry}.js`);
  if (!existsSync(compiled)) {
    process.stderr.write('Production mode runs the compiled server: run `npm run build:server` first.\n');
    process.exit(1);
  }
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(compiled).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, SOURCES[entry])).href);
}
