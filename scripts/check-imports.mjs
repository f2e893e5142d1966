#!/usr/bin/env node
// Fails on an import that docs/architecture.md ("Who may import whom") forbids:
//  - between workspaces: domain ← everyone; contract ← client, web, admin, server; client ← web, admin;
//    db ← ledger, server; ledger, market ← server only; apps never import each other;
//  - inside an app: features/modules never import each other, and shared code (lib, components,
//    shared, plugins) never imports a feature (shared → features → app);
//  - the web app imports antd-mobile one component at a time (`antd-mobile/es/components/dialog`): the
//    package index re-exports every component, and the bundler puts all that any screen uses into the
//    chunk that imports the index (the shell's, loaded on every screen);
//  - in the server, only routes (`*.routes.ts`) and the composition root import `plugins/` (HTTP):
//    services, repos, jobs and `shared/` get what they need from HTTP passed in as values.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);

/** workspace dir → the @kabuto packages it may import */
const ALLOWED = {
  'packages/domain': [],
  'packages/contract': ['domain'],
  'packages/db': ['domain'],
  'packages/ledger': ['domain', 'db'],
  'packages/market': ['domain'],
  'packages/client': ['domain', 'contract'],
  'apps/server': ['domain', 'contract', 'db', 'ledger', 'market'],
  'apps/web': ['domain', 'contract', 'client'],
  'apps/admin': ['domain', 'contract', 'client'],
};

/** Inside an app: which folder holds the features, and which folders are shared. */
const FEATURE_DIRS = {
  'apps/web': 'src/features',
  'apps/admin': 'src/features',
  'apps/server': 'src/modules',
};
const SHARED_DIRS = {
  'apps/web': ['src/lib', 'src/components'],
  'apps/admin': ['src/lib', 'src/components'],
  'apps/server': ['src/lib', 'src/shared', 'src/plugins'],
};

const IMPORT_RE =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry)) yield p;
  }
}

const problems = [];
for (const [ws, allowed] of Object.entries(ALLOWED)) {
  const wsRoot = join(root, ws);
  let entries;
  try {
    entries = [...files(wsRoot)];
  } catch {
    continue;
  }
  for (const file of entries) {
    const text = readFileSync(file, 'utf8');
    const rel = relative(root, file);
    for (const m of text.matchAll(IMPORT_RE)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (spec.startsWith('@kabuto/')) {
        const pkg = spec.slice('@kabuto/'.length).split('/')[0];
        if (!allowed.includes(pkg))
          problems.push(`${rel}: imports @kabuto/${pkg}, which ${ws} may not import`);
        continue;
      }
      if (ws === 'apps/web' && spec === 'antd-mobile') {
        problems.push(`${rel}: imports the antd-mobile index; import antd-mobile/es/components/<name>`);
        continue;
      }
      if (!spec.startsWith('.')) continue;
      const target = resolve(dirname(file), spec);
      const targetRel = relative(root, target);
      if (!targetRel.startsWith(ws + sep) && targetRel !== ws) {
        problems.push(`${rel}: relative import ${spec} leaves ${ws}; import the package instead`);
        continue;
      }
      if (
        ws === 'apps/server' &&
        relative(wsRoot, target).startsWith(`src${sep}plugins${sep}`) &&
        /^src[\\/](modules|shared|lib)[\\/]/.test(relative(wsRoot, file)) &&
        !/\.routes\.ts$/.test(file) &&
        // a type (the module face's route kits) brings no HTTP code along
        !/\bimport\s+type\s/.test(m[0])
      ) {
        problems.push(`${rel}: imports ${spec}; only routes and app.ts use plugins/ (pass the value in)`);
      }
      const featuresDir = FEATURE_DIRS[ws];
      if (!featuresDir) continue;
      const fromInWs = relative(wsRoot, file);
      const toInWs = relative(wsRoot, target);
      // a file directly in the features' folder (the server's module face, modules/module.ts) is no feature
      const featureOf = (p) => {
        if (!p.startsWith(featuresDir + sep)) return null;
        const parts = p.slice(featuresDir.length + 1).split(sep);
        return parts.length > 1 ? parts[0] : null;
      };
      const fromFeature = featureOf(fromInWs);
      const toFeature = featureOf(toInWs);
      if (fromFeature && toFeature && fromFeature !== toFeature) {
        problems.push(
          `${rel}: feature "${fromFeature}" imports feature "${toFeature}"; move the shared part out`,
        );
      }
      if (!fromFeature && toFeature && SHARED_DIRS[ws].some((d) => fromInWs.startsWith(d + sep))) {
        problems.push(`${rel}: shared code imports feature "${toFeature}"`);
      }
    }
  }
}

if (problems.length) {
  process.stderr.write(
    `Forbidden imports (see docs/architecture.md, "Who may import whom"):\n  ${problems.join('\n  ')}\n`,
  );
  process.exit(1);
}
process.stdout.write('imports: ok\n');
