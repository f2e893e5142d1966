/**
 * The repository stands alone: no doc, comment, test or script points at a file outside it (the
 * product's reference documents, a sibling folder, a path of one machine). What the code relies on is
 * written in the repository's own words under docs/ (wire.md, markets.md, products.md, architecture.md).
 *
 * `npx tsx scripts/external-refs.ts` lists the references; `scripts/external-refs.test.ts` fails on any.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What counts as a reference outside the repository. (Written so that these lines do not match
 * themselves.)
 */
export const EXTERNAL_REFERENCES: readonly { name: string; re: RegExp }[] = [
  { name: 'a reference document', re: /\b(?:API|SPEC|DESIGN|PRODUCTS|MARKET-RULES)\.md\b/ },
  { name: 'a section of the spec', re: /\bspec\s*§/i },
  // the sibling folder itself or a document in it (the server's imports of its own shared/ folder are fine)
  { name: 'a sibling folder', re: /\.\.\/shared(?:\/[A-Z][\w-]*\.md|(?![\w/.-]))/ },
  { name: 'a path of this machine', re: /\/work\/(?:shared|wt|main)\b/ },
];

/** Folders never searched: dependencies, builds, git, and what the tools and the app write. */
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  '.git',
  'data',
  'uploads',
  'coverage',
  '.lighthouseci',
  join('bench', 'results'),
  join('e2e', 'artifacts'),
]);
/** Files larger than this are data, not text someone wrote. */
const MAX_BYTES = 2 * 1024 * 1024;

export interface Hit {
  file: string;
  line: number;
  what: string;
  text: string;
}

/** Every file of the repository that is text (no NUL byte), relative to `root`. */
export function textFiles(root = ROOT): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const rel = relative(root, path);
      if (SKIP_DIRS.has(name) || SKIP_DIRS.has(rel)) continue;
      const st = statSync(path);
      if (st.isDirectory()) walk(path);
      else if (st.isFile() && st.size <= MAX_BYTES) {
        const buf = readFileSync(path);
        if (!buf.includes(0)) out.push(rel.split(sep).join('/'));
      }
    }
  };
  walk(root);
  return out.sort();
}

/** The references outside the repository in one text. */
export function referencesIn(text: string, file = ''): Hit[] {
  const hits: Hit[] = [];
  text.split('\n').forEach((line, i) => {
    for (const r of EXTERNAL_REFERENCES)
      if (r.re.test(line)) hits.push({ file, line: i + 1, what: r.name, text: line.trim() });
  });
  return hits;
}

/** Every reference outside the repository, file by file. */
export function externalReferences(root = ROOT): Hit[] {
  return textFiles(root).flatMap((f) => referencesIn(readFileSync(join(root, f), 'utf8'), f));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const hits = externalReferences();
  for (const h of hits) console.log(`${h.file}:${h.line}: ${h.what}: ${h.text}`);
  console.log(`${hits.length} reference(s) outside the repository`);
  process.exitCode = hits.length > 0 ? 1 : 0;
}
