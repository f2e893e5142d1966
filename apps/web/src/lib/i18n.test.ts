import { LANGUAGES } from '@kabuto/contract';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './i18n.ts';

const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

// Keys, placeholders and the files' shape in every language: scripts/locales.test.ts.
describe('app translations (locales/{jp,cn,us})', () => {
  it('has every namespace in every language and nothing else', () => {
    const expected = LANGUAGES.flatMap((lang) =>
      NAMESPACES.map((ns) => `../locales/${lang}/${ns}.json`),
    ).sort();
    expect(Object.keys(files).sort()).toEqual(expected);
  });
});
