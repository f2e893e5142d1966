import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, rowSet, withTx } from '../src/index.ts';
import { createTestDb, TEST_DB_KINDS } from '../src/testing.ts';

describe.each(TEST_DB_KINDS)('db on %s', (kind) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb(kind);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('parses int8 as bigint, small and large', async () => {
    const r = await sql<{ a: bigint; b: bigint }>`select 1::int8 as a, 9007199254740993::int8 as b`.execute(
      h.db,
    );
    expect(r.rows[0].a).toBe(1n);
    expect(r.rows[0].b).toBe(9007199254740993n);
  });

  it('round-trips bigint parameters', async () => {
    const r = await sql<{ v: bigint }>`select ${9007199254740993n}::int8 + 1 as v`.execute(h.db);
    expect(r.rows[0].v).toBe(9007199254740994n);
  });

  it('passes many rows as one parameter (rowSet), exactly and in order', async () => {
    const at = new Date('2026-11-24T01:02:03.456Z');
    const input = [
      { n: 1, big: 2n ** 63n - 1n, text: `quote " backslash \\ comma , brace {} 日本語`, at, flag: true },
      { n: 2, big: -(2n ** 63n), text: null, at: null, flag: false },
      { n: 3, big: 0n, text: '', at, flag: null },
    ];
    const r = await sql<{
      n: number;
      big: bigint;
      text: string | null;
      at: Date | null;
      flag: boolean | null;
    }>`
      select * from ${rowSet('v', { n: 'int4', big: 'int8', text: 'text', at: 'timestamptz', flag: 'boolean' }, input)}`.execute(
      h.db,
    );
    expect(r.rows).toEqual(input);
    expect(() => rowSet('v; drop table x', { n: 'int4' }, [])).toThrow(/identifier/);
    const none = await sql`select * from ${rowSet('v', { n: 'int4' }, [])}`.execute(h.db);
    expect(none.rows).toEqual([]);
  });

  it('rolls back a transaction that throws, and retries nothing that is not retryable', async () => {
    let calls = 0;
    await expect(
      withTx(h.db, async (tx) => {
        calls++;
        await tx.insertInto('config').values({ name: 'rollback_probe', value: 'x' }).execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(calls).toBe(1);
    const row = await h.db
      .selectFrom('config')
      .selectAll()
      .where('name', '=', 'rollback_probe')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('serialises concurrent transactions on the same row', async () => {
    await h.db.insertInto('config').values({ name: 'counter', value: '0' }).execute();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        withTx(h.db, async (tx) => {
          const row = await tx
            .selectFrom('config')
            .select('value')
            .where('name', '=', 'counter')
            .forUpdate()
            .executeTakeFirstOrThrow();
          await tx
            .updateTable('config')
            .set({ value: String(Number(row.value) + 1) })
            .where('name', '=', 'counter')
            .execute();
        }),
      ),
    );
    const row = await h.db
      .selectFrom('config')
      .select('value')
      .where('name', '=', 'counter')
      .executeTakeFirstOrThrow();
    expect(row.value).toBe('20');
  });
});
