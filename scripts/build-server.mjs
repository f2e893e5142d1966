#!/usr/bin/env node
// `npm run build:server`: the production server as JavaScript in apps/server/dist (esbuild). Each entry is
// one ES module with the workspace packages (@kabuto/*) inside and every npm dependency left to
// node_modules (native ones such as sharp and argon2 among them). The database migrations are compiled
// one file each to dist/migrations, where the migrator finds them beside the bundle.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'apps/server/dist');
rmSync(out, { recursive: true, force: true });

/** npm packages stay imports; the workspace's own packages are compiled in. */
const externals = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@kabuto/') || args.kind === 'entry-point'
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externals],
};

const started = Date.now();
await build({
  ...common,
  entryPoints: {
    server: join(root, 'apps/server/src/server.ts'),
    'operator-cli': join(root, 'apps/server/src/ops/operator-cli.ts'),
    'migrate-cli': join(root, 'apps/server/src/ops/migrate-cli.ts'),
    'backup-cli': join(root, 'apps/server/src/ops/backup-cli.ts'),
  },
  outdir: out,
});
const migrations = join(root, 'packages/db/src/migrations');
await build({
  ...common,
  entryPoints: readdirSync(migrations)
    .filter((f) => /^\d{4}_[\w-]+\.ts$/.test(f))
    .map((f) => join(migrations, f)),
  outdir: join(out, 'migrations'),
  sourcemap: false,
});
process.stdout.write(`server built in ${Date.now() - started} ms → apps/server/dist\n`);
