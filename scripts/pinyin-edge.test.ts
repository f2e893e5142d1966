import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkEdge,
  checkIdentifiers,
  hitsIn,
  identifierHits,
  isPinyin,
  pinyinFieldNames,
  pinyinWords,
  readAllowlist,
} from './pinyin-edge.ts';

describe('the contract’s pinyin field names', () => {
  it('are the names not made of English words', () => {
    for (const n of [
      'zhang',
      'buyzd',
      'yingkui',
      'ganggang',
      'ganggan',
      'gdlx',
      'xyf',
      'rjpz',
      'fq',
      'jpyyjed',
    ])
      expect(isPinyin(n), n).toBe(true);
    for (const n of [
      'order_no',
      'nowprice',
      'buy_price',
      'limitUp',
      'interest_30d',
      'pwd1',
      'usd',
      'total_assets',
    ])
      expect(isPinyin(n), n).toBe(false);
  });

  it('are read from every body and data schema of the contract', () => {
    const names = pinyinFieldNames();
    // body fields (buy_stock), data fields (position row, list summaries, user info)
    for (const n of [
      'zhang',
      'ganggan',
      'buyzd',
      'gdlx',
      'yingkui',
      'ganggang',
      'ccsz',
      'fdyk',
      'lsyk',
      'xyf',
    ])
      expect(names).toContain(n);
    expect(names).not.toContain('buy_price');
  });
});

describe('a file’s use of them', () => {
  const names = ['yingkui', 'zhang'];
  it('counts code and strings, not comments nor longer identifiers', () => {
    const src = [
      '// yingkui in a comment',
      '/* zhang',
      '   yingkui */ const a = row.yingkui;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
      "const b = row['zhang'] + `${x.yingkui}`;",
      'const zhangs = 1; const yingkui2 = 2; const $zhang = 3;',
      "const url = 'http://x/y'; const c = { zhang: 1 };",
    ].join('\n');
    expect(hitsIn('f.ts', src, names)).toEqual([
      { file: 'f.ts', line: 3, name: 'yingkui' },
      { file: 'f.ts', line: 4, name: 'zhang' },
      { file: 'f.ts', line: 4, name: 'yingkui' },
      { file: 'f.ts', line: 6, name: 'zhang' },
    ]);
  });
});

describe('the edge check', () => {
  const root = mkdtempSync(join(tmpdir(), 'kabuto-pinyin-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const put = (file: string, text: string) => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  put('apps/server/src/modules/trading/trading.wire.ts', 'export const w = (p) => ({ yingkui: p.pnl });');
  put('apps/server/src/modules/trading/trading.service.ts', 'export const pnl = 1n;');
  put('apps/server/src/modules/loans/loans.service.ts', 'const r = { xyf: 1 };');
  put('apps/server/src/shared/old.ts', 'export const x = 1;');
  put('apps/web/src/features/position/api/positions.ts', 'export const f = (r) => ({ pnl: r.yingkui });');
  put('apps/web/src/features/position/pages/list.tsx', 'export const f = (r) => r.pnl;');
  put('apps/admin/src/features/users/api/user.ts', 'export const s = (r) => r.xyf;');
  put('apps/web/src/lib/api/use-user-info.ts', 'export const s = (r) => ({ score: r.xyf });');
  put('apps/web/src/features/position/pages/list.test.tsx', 'expect(r.yingkui).toBe(1);');
  const names = ['yingkui', 'xyf'];

  it('passes with the wire files and api/ folders using them, and the allowlisted file that still does', () => {
    const r = checkEdge(root, ['apps/server/src/modules/loans/loans.service.ts'], names);
    expect(r.offenders).toEqual([]);
    expect(r.stale).toEqual([]);
    expect([...r.remaining.keys()]).toEqual(['apps/server/src/modules/loans/loans.service.ts']);
  });

  it('fails on a new offender, in the server or the web app, with its place', () => {
    put('apps/web/src/features/position/components/card.tsx', '\n\nconst v = row.yingkui;');
    put('apps/server/src/modules/trading/trading.routes.ts', 'const v = { xyf: s.score };');
    const r = checkEdge(root, ['apps/server/src/modules/loans/loans.service.ts'], names);
    expect(r.offenders).toEqual([
      { file: 'apps/server/src/modules/trading/trading.routes.ts', line: 1, name: 'xyf' },
      { file: 'apps/web/src/features/position/components/card.tsx', line: 3, name: 'yingkui' },
    ]);
    rmSync(join(root, 'apps/web/src/features/position/components/card.tsx'));
    rmSync(join(root, 'apps/server/src/modules/trading/trading.routes.ts'));
  });

  it('fails on an allowlisted file that no longer uses them, so the list shrinks', () => {
    const r = checkEdge(
      root,
      ['apps/server/src/modules/loans/loans.service.ts', 'apps/server/src/shared/old.ts', 'apps/gone.ts'],
      names,
    );
    expect(r.stale).toEqual(['apps/server/src/shared/old.ts', 'apps/gone.ts']);
  });

  it('reads the allowlist without its comments and blank lines', () => {
    expect(readAllowlist('# why\n\napps/a.ts\n  apps/b.ts  # note\n')).toEqual(['apps/a.ts', 'apps/b.ts']);
  });
});

describe('pinyin identifiers', () => {
  const words = new Set(pinyinWords());

  it('are named from the wire’s pinyin words', () => {
    for (const w of ['zhishu', 'wenben', 'rnjy', 'jq', 'yingkui', 'zhang']) expect(words, w).toContain(w);
    expect(words).not.toContain('page');
  });

  it('fail outside the edge, in code but not in comments or strings', () => {
    const src =
      "// zhishu in a comment\nconst path = '/parameter/zhishu';\nexport function MoreZhishuPage() {}\nconst toJq = 1;\n";
    const hits = identifierHits('apps/web/src/features/quotes/pages/x.tsx', src, words);
    expect(hits.map((h) => `${h.line}:${h.name}`)).toEqual(['3:MoreZhishuPage', '4:toJq']);
    expect(identifierHits('apps/web/src/features/quotes/pages/x.tsx', 'const indices = 1;', words)).toEqual(
      [],
    );
  });

  it('count only exported names in the contract, whose schemas declare the wire’s fields', () => {
    const src = 'export const WENBEN_NAMES = 1;\nconst row = z.object({ yingkui: 1 });\n';
    const hits = identifierHits('packages/contract/src/endpoints/x.ts', src, words);
    expect(hits.map((h) => h.name)).toEqual(['WENBEN_NAMES']);
  });

  it('none are left in the repository', () => {
    expect(checkIdentifiers(join(dirname(new URL(import.meta.url).pathname), '..'))).toEqual([]);
  });
});
