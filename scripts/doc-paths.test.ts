import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, textFiles } from './external-refs.ts';

/** The docs that describe the code; every file or folder they name in backticks must exist. */
const DOCS = ['README.md', 'docs/architecture.md', 'docs/wire.md', 'docs/markets.md', 'docs/products.md'];

/** A backticked name that is a file (by its extension) or a folder (ending in `/`), not a pattern or a route. */
function namedPaths(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/`([^`\s]+)`/g)) {
    const t = m[1];
    if (!/\.(ts|tsx|mts|mjs|md|css|json)$/.test(t) && !t.endsWith('/')) continue;
    // routes and URLs, globs, placeholders (`<name>`, `{a,b}`, `NNNN`), and what the tools write (ignored by git)
    if (/^\/|[*<>{}]|NNNN|artifacts\//.test(t)) continue;
    out.add(t);
  }
  return [...out];
}

describe('the docs name files that exist', () => {
  const files = textFiles();
  const known = new Set(files);
  for (const f of files) {
    const parts = f.split('/');
    for (let i = 1; i < parts.length; i++) known.add(`${parts.slice(0, i).join('/')}/`);
  }
  const ends = [...known];
  /** A path is found when it is a file or folder of the repository, or the end of one (`modules/trading/venue.ts`). */
  const exists = (p: string) => known.has(p) || ends.some((k) => k.endsWith(`/${p}`));

  for (const doc of DOCS)
    it(doc, () => {
      const missing = namedPaths(readFileSync(join(ROOT, doc), 'utf8')).filter((p) => !exists(p));
      expect(missing, 'renamed or moved? update the doc').toEqual([]);
    });

  it('reads file and folder names, not routes, patterns or placeholders', () => {
    expect(
      namedPaths(
        '`apps/web/src/lib/format.ts` `modules/trading/` `/home/index` `*.wire.ts` `uploads/<name>` `NNNN_name.ts` `type`',
      ),
    ).toEqual(['apps/web/src/lib/format.ts', 'modules/trading/']);
  });
});
