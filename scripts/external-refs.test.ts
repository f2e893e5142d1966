import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { externalReferences, referencesIn } from './external-refs.ts';

describe('the repository stands alone', () => {
  it('has no doc, comment, test or script that points at a file outside it', () => {
    const hits = externalReferences();
    expect(hits.map((h) => `${h.file}:${h.line}: ${h.what}: ${h.text}`)).toEqual([]);
  });
});

describe('a reference outside the repository', () => {
  const doc = (s: string) => ['see', s, 'for the rule'].join(' ');
  it('is a reference document, a section of the spec, the sibling folder or a path of this machine', () => {
    for (const s of [
      ['API', 'md'].join('.'),
      `${['MARKET-RULES', 'md'].join('.')} "Fees"`,
      ['spec', '§9'].join(' '),
      ['Spec', '§ 4'].join(''),
      ['..', 'shared', ['PRODUCTS', 'md'].join('.')].join('/'),
      `(${['..', 'shared'].join('/')})`,
      ['', 'work', 'shared', 'x'].join('/'),
    ])
      expect(referencesIn(doc(s)).length, s).toBeGreaterThan(0);
  });

  it('is not a file inside it, nor a word that merely looks alike', () => {
    for (const s of [
      'docs/wire.md',
      'docs/markets.md#tick-sizes',
      "import { audit } from '../../shared/audit.ts';",
      "from '../shared/step-up.ts'",
      'the specification of the wire',
      'README.md',
      '/home/index',
    ])
      expect(referencesIn(doc(s)), s).toEqual([]);
  });

  const dir = mkdtempSync(join(tmpdir(), 'external-refs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('is found in any text file of the tree, and not in dependencies, builds or binaries', () => {
    const ref = ['DESIGN', 'md'].join('.');
    mkdirSync(join(dir, 'src'));
    mkdirSync(join(dir, 'node_modules'));
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'src', 'a.ts'), `// clean\n/** as ${ref} says */\nexport const a = 1;\n`);
    writeFileSync(join(dir, 'node_modules', 'b.ts'), `// ${ref}\n`);
    writeFileSync(join(dir, 'dist', 'c.js'), `// ${ref}\n`);
    writeFileSync(join(dir, 'img.png'), Buffer.from([0x89, 0, 1, ...Buffer.from(ref)]));
    expect(externalReferences(dir).map((h) => `${h.file}:${h.line}`)).toEqual(['src/a.ts:2']);
  });
});
