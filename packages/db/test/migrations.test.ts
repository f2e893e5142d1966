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
