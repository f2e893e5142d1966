import { createTestDb } from '@kabuto/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  forgetSettings,
  leverageRefusal,
  loadSettings,
  SETTINGS_TTL_MS,
  saveSetting,
} from '../src/shared/settings.ts';

describe('settings cache (one process)', () => {
  let h: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    h = await createTestDb('pglite');
  });
  afterAll(async () => h?.close());

  it('keeps one frozen copy for the TTL, sees its own writes at once and others’ after the TTL', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const a = await loadSettings(h.db);
      expect(await loadSettings(h.db)).toBe(a);
      expect(Object.isFrozen(a)).toBe(true);
      expect(Object.isFrozen(a.trading_leverage.jpy)).toBe(true);
      expect(() => (a.trading_leverage.jpy as number[]).push(99)).toThrow(TypeError);

      // a write through saveSetting is seen by the next read of this process
      const lists = { jpy: [1, 2], usd: [1], cny: [1], krw: [1, 2] };
      expect(await saveSetting(h.db, 'trading_leverage', lists)).toBe(true);
      expect((await loadSettings(h.db)).trading_leverage.jpy).toEqual([1, 2]);

      // a write this process did not make (another process) shows once the TTL has passed
      await h.db
        .updateTable('config')
        .set({ value: JSON.stringify({ ...lists, jpy: [1, 3] }) })
        .where('name', '=', 'trading_leverage')
        .execute();
      expect((await loadSettings(h.db)).trading_leverage.jpy).toEqual([1, 2]);
      vi.setSystemTime(Date.now() + SETTINGS_TTL_MS + 1);
      expect((await loadSettings(h.db)).trading_leverage.jpy).toEqual([1, 3]);
    } finally {
      vi.useRealTimers();
      forgetSettings(h.db);
    }
  });

  it('clamps leverage to the legal caps: refuses to store above them, drops stored multiples above them', async () => {
    const over = { jpy: [1, 2, 3, 5], usd: [1, 2], cny: [1], krw: [1, 2] };
    expect(leverageRefusal('trading_leverage', over)).toEqual({
      key: 'admin.leverageAboveLegalCap',
      params: { market: 'JPY', cap: '3.3' },
    });
    expect(leverageRefusal('trading_leverage', { ...over, jpy: [1, 3], usd: [1, 2, 3] })?.params).toEqual({
      market: 'USD',
      cap: '2',
    });
    expect(leverageRefusal('trading_leverage', { ...over, jpy: [1, 2, 3] })).toBeNull();
    expect(leverageRefusal('day_trade_leverage', [1, 2, 5])?.key).toBe('admin.leverageAboveLegalCap');
    expect(await saveSetting(h.db, 'trading_leverage', over)).toBe(false);
    // a value stored before the caps (or behind the back office's back) is read clamped
    await h.db
      .insertInto('config')
      .values({
        name: 'trading_leverage',
        value: JSON.stringify({ ...over, jpy: [1, 2, 5, 10], cny: [2, 5] }),
      })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ value: JSON.stringify({ ...over, jpy: [1, 2, 5, 10], cny: [2, 5] }) }),
      )
      .execute();
    await h.db
      .insertInto('config')
      .values({ name: 'day_trade_leverage_cap', value: '10' })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: '10' }))
      .execute();
    forgetSettings(h.db);
    const s = await loadSettings(h.db);
    expect(s.trading_leverage.jpy).toEqual([1, 2]);
    expect(s.trading_leverage.cny).toEqual([2]);
    expect(s.day_trade_leverage_cap).toBe(3);
  });
});
