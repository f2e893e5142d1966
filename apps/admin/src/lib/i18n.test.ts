import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import cn from '../locales/cn.json';
import jp from '../locales/jp.json';
import us from '../locales/us.json';

const bundles: Record<string, Record<string, string>> = { jp, cn, us };
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const src = fileURLToPath(new URL('..', import.meta.url));

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) yield* sources(p);
    else if (/\.tsx?$/.test(entry) && !entry.endsWith('.test.ts')) yield p;
  }
}

describe('admin locales', () => {
  it('every language has exactly the same keys', () => {
    const all = new Set(Object.values(bundles).flatMap((b) => Object.keys(b)));
    for (const [lang, bundle] of Object.entries(bundles)) {
      const missing = [...all].filter((k) => !(k in bundle));
      expect(missing, `missing in ${lang}.json`).toEqual([]);
    }
  });

  it("placeholders are written {name}, as interpolate fills them (not the web app's {{name}})", () => {
    for (const [lang, bundle] of Object.entries(bundles))
      for (const [key, text] of Object.entries(bundle))
        expect(text.includes('{{'), `${lang}.json: ${key} uses {{…}}`).toBe(false);
  });

  it('no string is empty and placeholders match across languages', () => {
    for (const key of Object.keys(jp)) {
      for (const [lang, bundle] of Object.entries(bundles)) {
        const text = bundle[key];
        expect(typeof text === 'string' && text.trim() !== '', `${lang}.json: ${key} is empty`).toBe(true);
        expect(placeholders(text), `${lang}.json: ${key} placeholders`).toEqual(
          placeholders(jp[key as keyof typeof jp]),
        );
      }
    }
  });

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
