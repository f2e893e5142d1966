import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle, migrateBackTo, migrateToLatest } from '../src/index.ts';

const ALL = readdirSync(join(import.meta.dirname, '../src/migrations'))
  .filter((f) => /^\d{4}_[\w-]+\.ts$/.test(f))
  .sort()
  .map((f) => f.replace(/\.ts$/, ''));

const tables = async (h: DbHandle) =>
  (
    await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_name not like 'kysely_%' order by 1`.execute(h.db)
  ).rows.map((r) => r.name);

describe('migrations (PGlite)', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createDb({ dataDir: 'memory://' });
  });
  afterAll(async () => h?.close());

  it('apply in order, undo newest first down to nothing, and apply again', async () => {
    expect(await migrateToLatest(h.db)).toEqual(ALL);
    const full = await tables(h);
    expect(full).toEqual(
      expect.arrayContaining(['app_user', 'ledger_account', 'ledger_transfer', 'position']),
    );
    expect(await migrateToLatest(h.db)).toEqual([]);

    // one step back: the last migration's down runs, the one before stays
    const last = ALL[ALL.length - 1];
    expect(await migrateBackTo(h.db, ALL[ALL.length - 2])).toEqual([last]);
    expect(await migrateToLatest(h.db)).toEqual([last]);

    expect(await migrateBackTo(h.db, null)).toEqual([...ALL].reverse());
    expect(await tables(h)).toEqual([]);
    expect(await migrateToLatest(h.db)).toEqual(ALL);
    expect(await tables(h)).toEqual(full);
  }, 180_000);
});

describe('undoing the platform shards (PGlite)', () => {
  it('is refused with its reason while sharded accounts exist, and changes nothing', async () => {
    const h = await createDb({ dataDir: 'memory://' });
    try {
      await migrateToLatest(h.db);
      await sql`insert into ledger_account (owner, currency, kind, shard)
        values (null, 'jpy', 'fees', 0), (null, 'jpy', 'fees', 1)`.execute(h.db);
      await expect(migrateBackTo(h.db, '0004_trading')).rejects.toThrow(
        /cannot be undone: 1 ledger accounts/,
      );
      const left = await sql<{ shard: number }>`select shard from ledger_account order by shard`.execute(
        h.db,
      );
      expect(left.rows.map((r) => r.shard)).toEqual([0, 1]);
      expect(await migrateToLatest(h.db)).toEqual([]);
    } finally {
      await h.close();
    }
  }, 180_000);
});

describe('the margin held per user and market (PGlite)', () => {
  it('is filled from the open margin positions when added, and kept by every later write', async () => {
    const h = await createDb({ dataDir: 'memory://' });
    try {
      await migrateToLatest(h.db);
      await migrateBackTo(h.db, '0037_stock_loan_unpaid_index');
      const { rows: users } = await sql<{
        id: bigint;
      }>`insert into app_user (account, password_hash, invite_code)
        values ('a', 'x', 'A1'), ('b', 'x', 'B1') returning id`.execute(h.db);
      const [a, b] = users.map((u) => u.id);
      // margin 10 and 20 counted for a (jpy), 5 for b (usd); a 1× long, a day trade, a pending order and a
      // closed one not
      await sql`insert into position (user_id, order_no, market, symbol, direction, order_type, leverage,
          quantity, open_price, margin, status, day_trade)
        values (${a}, 'o1', 'jpy', '7203', 1, 1, 3, 100, 3000, 10, 0, false),
          (${a}, 'o2', 'jpy', '6758', 2, 1, 1, 100, 3000, 20, 2, false),
          (${a}, 'o3', 'jpy', '7203', 1, 1, 1, 100, 3000, 40, 0, false),
          (${a}, 'o4', 'jpy', '7203', 1, 1, 2, 100, 3000, 80, 0, true),
          (${a}, 'o5', 'jpy', '7203', 1, 2, 2, 100, null, 160, 3, false),
          (${a}, 'o6', 'jpy', '7203', 1, 1, 2, 100, 3000, 320, 1, false),
          (${b}, 'o7', 'usd', 'AAPL', 1, 1, 2, 100, 200, 5, 0, false)`.execute(h.db);
      await migrateToLatest(h.db);
      const held = async () =>
        (
          await sql<{ user_id: bigint; market: string; held: bigint }>`
            select user_id, market, held from margin_held where held <> 0 order by user_id, market`.execute(
            h.db,
          )
        ).rows;
      expect(await held()).toEqual([
        { user_id: a, market: 'jpy', held: 30n },
        { user_id: b, market: 'usd', held: 5n },
      ]);
      // the pending order fills, the short closes, the 3× long's margin changes, b's position goes
      await sql`update position set open_price = 3000, status = 0 where order_no = 'o5'`.execute(h.db);
      await sql`update position set status = 1 where order_no = 'o2'`.execute(h.db);
      await sql`update position set margin = 12 where order_no = 'o1'`.execute(h.db);
      await sql`delete from position where order_no = 'o7'`.execute(h.db);
      expect(await held()).toEqual([{ user_id: a, market: 'jpy', held: 172n }]);
    } finally {
      await h.close();
    }
  }, 180_000);
});
