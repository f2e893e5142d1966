import { readFileSync } from 'node:fs';
import * as contract from '@kabuto/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BEGIN, contractEndpoints, DOC_PATH, END, generate, withGenerated } from './wire-doc.ts';

describe('docs/wire.md', () => {
  it('holds the endpoint reference that packages/contract generates (run `npm run docs:wire` after a contract change)', () => {
    const doc = readFileSync(DOC_PATH, 'utf8');
    const committed = doc.slice(doc.indexOf(BEGIN), doc.indexOf(END) + END.length);
    expect(committed).toBe(generate());
  });

  it('names every endpoint the contract exports, once', () => {
    const found = contractEndpoints();
    const ids = found.map((e) => `${e.api} ${e.path}`);
    expect(new Set(ids).size).toBe(ids.length);
    const doc = generate(found);
    for (const e of found) expect(doc).toContain(`#### \`${e.path}\``);
    // the users' paths live under four prefixes, the back office's elsewhere: an endpoint whose `tag` put it
    // on the wrong API would be documented under the wrong base
    for (const e of found)
      expect(e.api, `${e.path} (tag ${e.tag})`).toBe(
        /^\/(user|trade|common|parameter)\//i.test(e.path) ? 'vue' : 'admin',
      );
    // a few the wire cannot do without, on both APIs
    expect(ids).toEqual(
      expect.arrayContaining(['vue /user/getUserinfo', 'vue /trade/buy_stock', 'admin /auth/login']),
    );
  });
});

describe('the generator', () => {
  const ping = contract.endpoint({
    path: '/x/ping',
    auth: true,
    tag: 'x',
    summary: 'A test call.',
    money: true,
    body: contract.fields.body({
      money: contract.fields.amount().describe('how much'),
      type: contract.fields.market(),
      note: contract.fields.optionalText(10),
    }),
    data: z.object({
      rows: z.array(z.object({ id: z.string(), price: contract.fields.wireNum('last price') })),
    }),
  });

  it('finds endpoints by their shape, under any name and nesting', () => {
    const found = contractEndpoints({ renamed: { deeper: { ping } }, other: 1, schema: z.string() });
    expect(found.map((e) => e.path)).toEqual(['/x/ping']);
  });

  it('writes the path, the login, the body fields with their types and texts, and the data shape', () => {
    const text = generate(contractEndpoints({ ping }));
    expect(text).toContain('`POST /api/vue/x/ping` · login: **yes** (token + account) · money call');
    expect(text).toContain('| `money` | `string` | yes | how much |');
    expect(text).toMatch(
      /\| `type` \| `'jpy' \\\| 'usd' \\\| 'cny' \\\| 'krw'` \| no \(default `"jpy"`\) \|/,
    );
    expect(text).toContain('| `note` | `string` | no |');
    expect(text).toContain('price: number;  // last price (JSON number)');
  });

  it('replaces only what lies between the markers', () => {
    const doc = `# Title\n\nhand-written\n\n${BEGIN}\nstale\n${END}\n\nafter\n`;
    const next = withGenerated(doc, `${BEGIN}\nfresh\n${END}`);
    expect(next).toBe(`# Title\n\nhand-written\n\n${BEGIN}\nfresh\n${END}\n\nafter\n`);
    expect(() => withGenerated('# no markers')).toThrow(/markers/);
  });
});
