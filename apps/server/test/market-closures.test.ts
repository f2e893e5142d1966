import { API_DB_KINDS } from '@kabuto/db/testing';
import { setOperatorClosures } from '@kabuto/domain';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisCalendarChanges } from '../src/shared/calendar-changes.ts';
import { createTestApp, expectOk, expectRefusal, type Session, T0, type TestApp } from './support/app.ts';
import { expectLedgerSound, trader } from './support/trading.ts';

const REDIS = process.env.REDIS_URL;

describe.each(API_DB_KINDS)('operators’ market closures on %s', (kind) => {
  let t: TestApp;
  let op: string;
  let a: Session;
  beforeAll(async () => {
    t = await createTestApp(kind);
    op = await t.adminLogin();
    a = await trader(t, { jpy: '1000000' });
  });
  afterAll(async () => {
    setOperatorClosures([]);
    await t?.close();
  });

  const buy = () =>
    t.money(
      '/trade/buy_stock',
      { type: 'jpy', symbol: '7203', zhang: '1', buyzd: 1, gdlx: 1, ganggan: 1 },
      a,
    );

  it('closes a market for a day at once, no restart: orders are refused and /common/calendar shows it', async () => {
    // T0 is Tuesday 2026-11-24, 10:00 in Tokyo: the market is open
    const before = expectOk(await t.call('/common/calendar', { type: 'jpy' }));
    expect(before).toMatchObject({ today: '2026-11-24', trading_today: true, session: 'open' });
    expectOk(await buy());

    const added = expectOk(
      await t.admin(
        '/calendar/closureAdd',
        { market: 'jpy', date: '2026-11-24', kind: 'closed', name: 'System outage', reason: 'JPX notice' },
        op,
      ),
    );
    expectRefusal(await buy(), 'trade.outsideHours');
    const cal = expectOk(await t.call('/common/calendar', { type: 'jpy' }));
    expect(cal).toMatchObject({ today: '2026-11-24', trading_today: false, session: 'closed' });
    expect(cal.next_open).toBe(Date.parse('2026-11-25T09:00:00+09:00') / 1000);
    expect(cal.closures[0]).toEqual({
      date: '2026-11-24',
      kind: 'closed',
      close: '',
      name: 'System outage',
      source: 'operator',
    });
    // the table's own holidays are listed too (Dec 31 – Jan 2 are weekdays in 2026–27)
    expect(cal.closures.map((c: { date: string }) => c.date)).toContain('2026-12-31');

    const list = expectOk(await t.admin('/calendar/closures', { market: 'jpy' }, op));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: added.id, market: 'jpy', date: '2026-11-24', reason: 'JPX notice' });
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'reason'])
      .where('target', '=', `market_closure:${added.id}`)
      .execute();
    expect(audited).toEqual([
      { action: 'calendar.closureAdd', target: `market_closure:${added.id}`, reason: 'JPX notice' },
    ]);

    // removed: the day trades again
    expectOk(await t.admin('/calendar/closureRemove', { id: added.id, reason: 'notice withdrawn' }, op));
    expect(expectOk(await t.call('/common/calendar', { type: 'jpy' })).session).toBe('open');
    expectOk(await buy());
    await expectLedgerSound(t);
  });

  it('a half day ends the session at its time', async () => {
    expectOk(
      await t.admin(
        '/calendar/closureAdd',
        {
          market: 'jpy',
          date: '2026-11-25',
          kind: 'half_day',
          close: '11:30',
          name: 'Half day',
          reason: 'test',
        },
        op,
      ),
    );
    const ahead = expectOk(await t.call('/common/calendar', { type: 'jpy' }));
    expect(ahead.closures[0]).toEqual({
      date: '2026-11-25',
      kind: 'half_day',
      close: '11:30',
      name: 'Half day',
      source: 'operator',
    });
    t.clock.set(Date.parse('2026-11-25T11:00:00+09:00'));
    try {
      expectOk(await buy());
      t.clock.set(Date.parse('2026-11-25T13:00:00+09:00'));
      expectRefusal(await buy(), 'trade.outsideHours');
      expect(expectOk(await t.call('/common/calendar', { type: 'jpy' })).session).toBe('closed');
    } finally {
      t.clock.set(T0);
    }
  });

  it('refuses what cannot be a closure, each with its msg key', async () => {
    const add = (body: Record<string, unknown>) =>
      t.admin(
        '/calendar/closureAdd',
        { market: 'usd', date: '2026-12-10', kind: 'closed', name: 'x', reason: 'y', ...body },
        op,
      );
    expectRefusal(await add({ date: '2026-11-20' }), 'calendar.pastDate');
    expectRefusal(await add({ date: '2026-11-28' }), 'calendar.notTradingDay'); // a Saturday
    expectRefusal(await add({ date: '2026-11-26' }), 'calendar.notTradingDay'); // Thanksgiving
    expectRefusal(await add({ kind: 'half_day' }), 'calendar.badCloseTime');
    expectRefusal(await add({ kind: 'half_day', close: '17:00' }), 'calendar.badCloseTime');
    expectRefusal(await add({ date: '2026-13-40' }), 'validation.invalid');
    expectOk(await add({}));
    expectRefusal(await add({}), 'calendar.closureExists');
    expectRefusal(
      await t.admin('/calendar/closureRemove', { id: '999999', reason: 'z' }, op),
      'calendar.closureNotFound',
    );
    // a user cannot reach the back office's calls
    expect((await t.admin('/calendar/closureAdd', { market: 'jpy' }, a.token)).http).toBe(401);
  });
});

describe.skipIf(!REDIS)('the calendar bus over Redis', () => {
  it('a change in one process reaches the others', async () => {
    const channel = `kabuto:calendar-test:${Math.random().toString(36).slice(2)}`;
    const r1 = new Redis(REDIS!);
    const r2 = new Redis(REDIS!);
    const one = redisCalendarChanges(r1, channel);
    const two = redisCalendarChanges(r2, channel);
    try {
      await Promise.all([one.ready(), two.ready()]);
      let heard = 0;
      two.onChanged(() => heard++);
      await one.changed();
      // one's changed() resolved once its own message came back: Redis has sent it to two as well
      await new Promise((r) => setTimeout(r, 50));
      expect(heard).toBe(1);
    } finally {
      await one.close();
      await two.close();
      await r1.quit();
      await r2.quit();
    }
  });
});
