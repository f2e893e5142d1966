import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import jp from '../locales/jp/admin.json';

const src = fileURLToPath(new URL('..', import.meta.url));

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) yield* sources(p);
    else if (/\.tsx?$/.test(entry) && !entry.endsWith('.test.ts')) yield p;
  }
}

// Keys, placeholders and the files' shape in every language: scripts/locales.test.ts.
describe('admin locales', () => {
  it('every literal key the screens use exists', () => {
    const used = new Set<string>();
    for (const file of sources(src)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([^']+)'/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter((k) => !(k in jp));
    expect(missing).toEqual([]);
  });
});
