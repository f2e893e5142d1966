import { LANGUAGES, MESSAGES } from '@kabuto/contract';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './i18n.ts';

const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** "a.b.c" paths of every leaf of a translation file. */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}

function leafValues(value: unknown): unknown[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [value];
  return Object.values(value).flatMap(leafValues);
}

const placeholders = (text: string, re: RegExp) => [...text.matchAll(re)].map((m) => m[1]).sort();

describe('app translations (locales/{jp,cn,us})', () => {
  it('has every namespace in every language and nothing else', () => {
    const expected = LANGUAGES.flatMap((lang) =>
      NAMESPACES.map((ns) => `../locales/${lang}/${ns}.json`),
    ).sort();
    expect(Object.keys(files).sort()).toEqual(expected);
  });

  for (const ns of NAMESPACES) {
    it(`has the same keys in jp, cn and us: ${ns}`, () => {
      const keys = Object.fromEntries(
        LANGUAGES.map((lang) => [lang, leafKeys(files[`../locales/${lang}/${ns}.json`]).sort()]),
      );
      for (const lang of LANGUAGES) {
        const missing = keys.jp.filter((k) => !keys[lang].includes(k));
        const extra = keys[lang].filter((k) => !keys.jp.includes(k));
        expect({ lang, missing, extra }).toEqual({ lang, missing: [], extra: [] });
      }
    });

    it(`has only strings with the same {{placeholders}} in every language: ${ns}`, () => {
      for (const lang of LANGUAGES) {
        const file = files[`../locales/${lang}/${ns}.json`];
        for (const value of leafValues(file)) expect(typeof value).toBe('string');
        for (const key of leafKeys(file)) {
          const text = (lang: string) =>
            key.split('.').reduce<any>((o, k) => o?.[k], files[`../locales/${lang}/${ns}.json`]) as string;
          expect([key, placeholders(text(lang), /\{\{(\w+)\}\}/g)]).toEqual([
            key,
            placeholders(text('jp'), /\{\{(\w+)\}\}/g),
          ]);
        }
      }
    });
  }
});

describe('server msg keys (contract MESSAGES)', () => {
  const entries = Object.entries(MESSAGES) as [string, Record<string, unknown>][];

  it('is not empty', () => {
    expect(entries.length).toBeGreaterThan(0);
  });

  it('has jp, cn and us text for every key', () => {
    const missing = entries.flatMap(([key, text]) =>
      LANGUAGES.filter((lang) => typeof text[lang] !== 'string' || !(text[lang] as string).trim()).map(
        (lang) => `${key} (${lang})`,
      ),
    );
    expect(missing).toEqual([]);
  });

  it('uses the same {params} in every language', () => {
    const mismatched = entries.filter(([, text]) => {
      const jp = placeholders(String(text.jp), /\{(\w+)\}/g).join();
      return LANGUAGES.some((lang) => placeholders(String(text[lang]), /\{(\w+)\}/g).join() !== jp);
    });
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });
});
