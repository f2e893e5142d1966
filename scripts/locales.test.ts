import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './external-refs.ts';
import { LOCALE_ROOTS, localeProblems } from './locales.ts';

describe('translations: one shape, every key in every language', () => {
  for (const dir of LOCALE_ROOTS) {
    it(`${dir}: jp, cn and us have the same namespaces, keys and placeholders`, () => {
      expect(localeProblems(join(ROOT, dir))).toEqual([]);
    });
  }

  describe('the check itself', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'locales-'));
    afterAll(() => rmSync(scratch, { recursive: true, force: true }));
    const copy = (name: string) => {
      const dir = join(scratch, name);
      cpSync(join(ROOT, 'apps/admin/src/locales'), dir, { recursive: true });
      return dir;
    };
    const edit = (file: string, change: (b: Record<string, unknown>) => void) => {
      const bundle = JSON.parse(readFileSync(file, 'utf8'));
      change(bundle);
      writeFileSync(file, JSON.stringify(bundle));
    };

    it('fails on a key missing in one language', () => {
      const dir = copy('missing');
      edit(join(dir, 'cn/admin.json'), (b) => delete b['nav.users']);
      expect(localeProblems(dir)).toEqual([`${dir}/cn/admin.json: nav.users missing`]);
    });
    it('fails on a key only one language has, a nested text, a {{placeholder}} and a changed placeholder', () => {
      const dir = copy('stray');
      edit(join(dir, 'us/admin.json'), (b) => {
        b['nav.extra'] = 'Extra';
        b['nav.users'] = { nested: 'Users' };
        b['app.name'] = 'Kabuto {{x}}';
      });
      edit(join(dir, 'jp/admin.json'), (b) => {
        b['nav.audit'] = '監査 {who}';
      });
      const problems = localeProblems(dir);
      expect(problems).toContain(`${dir}/us/admin.json: nav.extra is not a jp key`);
      expect(problems).toContain(`${dir}/us/admin.json: nav.users is not a text (nested or not a string)`);
      expect(problems).toContain(`${dir}/us/admin.json: app.name writes {{…}}; placeholders are {name}`);
      expect(problems).toContain(`${dir}/cn/admin.json: nav.audit has placeholders other than jp's`);
    });
    it('fails on a namespace missing in one language', () => {
      const dir = copy('namespace');
      rmSync(join(dir, 'us/admin.json'));
      expect(localeProblems(dir)).toEqual([`${dir}/us/admin.json: missing`]);
    });
  });
});
