import { createTestDb } from '@kabuto/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgetSettings, loadSettings, SETTINGS_TTL_MS, saveSetting } from '../src/shared/settings.ts';

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
      expect(Object.isFrozen(a.trading_leverage)).toBe(true);
      expect(() => (a.trading_leverage as number[]).push(99)).toThrow(TypeError);

      // a write through saveSetting is seen by the next read of this process
      expect(await saveSetting(h.db, 'trading_leverage', [1, 2])).toBe(true);
      expect((await loadSettings(h.db)).trading_leverage).toEqual([1, 2]);

      // a write this process did not make (another process) shows once the TTL has passed
      await h.db
        .updateTable('config')
        .set({ value: '[1,3]' })
        .where('name', '=', 'trading_leverage')
        .execute();
      expect((await loadSettings(h.db)).trading_leverage).toEqual([1, 2]);
      vi.setSystemTime(Date.now() + SETTINGS_TTL_MS + 1);
      expect((await loadSettings(h.db)).trading_leverage).toEqual([1, 3]);
    } finally {
      vi.useRealTimers();
      forgetSettings(h.db);
    }
  });
});
