// The project runs on the Node of its own install: `npm ci` puts the devDependency `node` (Node 24 LTS)
// into node_modules/.bin, which npm scripts find first on PATH. npm checks `engines` against the Node
// that runs npm itself, so the check that matters is made here, by the scripts that start and test.
import { readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);

/** Exits with a message when this process's Node is older than package.json's `engines.node` (">=N"). */
export function requireSupportedNode() {
  const { engines } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
  const wanted = Number(/^>=\s*(\d+)/.exec(engines.node)?.[1]);
  const major = Number(process.versions.node.split('.')[0]);
  if (!Number.isInteger(wanted)) throw new Error(`package.json engines.node is not ">=N": ${engines.node}`);
  if (major >= wanted) return;
  process.stderr.write(
    `Kabuto runs on Node ${wanted} or newer; this is Node ${process.version} (${process.execPath}).\n` +
      'Run it through npm (npm start, npm test): `npm ci` installs Node into node_modules/.bin, which npm scripts use.\n',
  );
  process.exit(1);
}

/**
 * V8 options of the server's process: `npm start` runs with them (package.json), and `npm run bench`
 * gives them to the benchmarks, whose processes host the server.
 *
 * `--max-semi-space-size=16` (MiB): on a machine with much memory V8 sizes the young generation up to
 * 64 MiB a semi-space, and each scavenge of it paused the server for 6–16 ms under load (one or two a
 * second at 1,000 requests a second), which set the p99 of every call. With 16 MiB the scavenges come
 * more often and pause for 2–5 ms (docs/performance.md).
 */
export const SERVER_NODE_OPTIONS = '--max-semi-space-size=16';
