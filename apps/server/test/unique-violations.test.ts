import { isMsgKey } from '@kabuto/contract';
import { TEST_DB_KINDS } from '@kabuto/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNIQUE_VIOLATION_KEYS, uniqueViolationKey } from '../src/lib/unique-violations.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { offeringBody } from './support/new-shares.ts';

/** F3 of issue #30: a race that meets a unique constraint is a refusal with its key, never a 500. */
describe.each(TEST_DB_KINDS)('unique violations on %s', (kind) => {
  let t: TestApp;
  let op: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    op = await t.adminLogin();
  });
  afterAll(async () => t?.close());

  it('every unique constraint and index of the schema maps to a msg key', async () => {
    const r = await sql<{ name: string }>`
      select i.relname as name
      from pg_index x
      join pg_class i on i.oid = x.indexrelid
      join pg_class c on c.oid = x.indrelid
      join pg_namespace n on n.oid = c.relnamespace
      where x.indisunique and not x.indisprimary and n.nspname = current_schema()
      order by 1`.execute(t.db);
    const names = r.rows.map((x) => x.name);
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((n) => !Object.hasOwn(UNIQUE_VIOLATION_KEYS, n))).toEqual([]);
    for (const key of Object.values(UNIQUE_VIOLATION_KEYS)) expect(isMsgKey(key), key).toBe(true);
  });

  it('the database error carries the constraint name the mapping reads', async () => {
    const account = `uv${Date.now().toString(36)}`;
    const insert = () =>
      sql`insert into app_user (account, password_hash, invite_code) values (${account}, 'x', ${`${account}i`})`.execute(
        t.db,
      );
    await insert().catch(() => undefined);
    const err = await insert().then(
      () => null,
      (e: unknown) => e,
    );
    expect(uniqueViolationKey(err)).toBe('account.exists');
    expect(uniqueViolationKey(new Error('x'))).toBeNull();
  });

  it('concurrent saves of one new offering code: one is created, the others refused with ipo.codeTaken', async () => {
    // Several rounds, so that some saves pass the service's check together and meet the constraint.
    for (const code of ['9UVA', '9UVB', '9UVC', '9UVD', '9UVE', '9UVF']) {
      const replies = await Promise.all(
        Array.from({ length: 16 }, () => t.admin('/ipo/save', offeringBody(code), op)),
      );
      expect(replies.map((r) => `${r.http} ${r.body.code ?? ''}`).filter((x) => x.startsWith('500'))).toEqual(
        [],
      );
      expect(replies.filter((r) => r.body.status === 1)).toHaveLength(1);
      for (const r of replies.filter((x) => x.body.status === 0)) expect(r.body.code).toBe('ipo.codeTaken');
    }
  });
});
