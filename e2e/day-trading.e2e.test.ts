import { translate } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, decideFirstPending } from './support/admin.ts';
import { type Browser, explainSkip, hasChromium, launchBrowser } from './support/browser.ts';
import { openFreshQueue, openScreen } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { apiCall, confirmDialog, type Reply } from './support/trading.ts';
import { expectToast, login, openApp } from './support/web.ts';

explainSkip('day trading');

const DEMO = { account: 'demo0001', password: 'kabuto-demo-1' };
const OPERATOR = {
  user: process.env.DEMO_ADMIN ?? 'admin',
  pass: process.env.DEMO_ADMIN_PASSWORD ?? 'kabuto-admin-1',
};
const tid = (id: string) => `[data-testid="${id}"]`;
const jp = (key: string, params?: Record<string, string | number>) => translate(key, 'jp', params);

interface LineRow {
  id: string;
  status: number;
  credit: string;
  yingkui: string;
  payout: string;
  trade_date: string;
}

describe.skipIf(!hasChromium())('day trading at 375×812', () => {
  let server: RunningServer;
  let user: Browser;
  let operator: Browser;
  let cashBefore = '';

  // browserSteps' step, for two browsers and with a longer time for the wait on the clock
  const step = (name: string, fn: () => Promise<void>, timeout?: number) =>
    it(
      name,
      async (ctx) => {
        ctx.onTestFailed(async () => {
          for (const b of [user, operator]) {
            const shot = await b?.screenshot(`daytrade-${name.replace(/\W+/g, '-')}`).catch(() => '');
            console.error(`[e2e] ${name} failed at ${b?.page.url()} ${shot ? `(screenshot ${shot})` : ''}`);
            if (b?.errors.length) console.error(b.errors.join('\n'));
          }
        });
        await fn();
      },
      timeout,
    );
  const lines = async () =>
    (await apiCall<Reply<LineRow[]>>(user.page, '/trade/urnjylist', { type: 'jpy' })).data;
  const cash = async () =>
    (await apiCall<Reply<Record<string, string>>>(user.page, '/user/getUserinfo', { type: 'jpy' })).data.jpy;

  beforeAll(async () => {
    // Tokyo, late in the afternoon session: the day's forced close is 15:15 (10 minutes before
    // continuous trading ends at 15:25). The clock runs at twice real time, so the forced close comes
    // two real minutes after the start; the steps before it take under a minute.
    server = await startServer({
      env: { KABUTO_CLOCK_START: '2026-11-24T15:11:00+09:00', KABUTO_CLOCK_SPEED: '2' },
    });
    user = await launchBrowser({ viewport: { width: 375, height: 812 } });
    operator = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  });

  afterAll(async () => {
    await user?.close();
    await operator?.close();
    await server?.stop();
  });

  step('applies from the home shortcut: the amount is held, the application waits in review', async () => {
    const { page } = user;
    expect(await openApp(page, server.url)).toBe('login');
    await login(page, DEMO);
    cashBefore = await cash();
    await page.locator(tid('shortcut-dayTrade')).click();
    await page.locator(tid('day-trade-apply')).waitFor();
    await page
      .locator(`${tid('day-trade-apply')} input`)
      .first()
      .fill('1000000');
    await page.locator(tid('day-trade-apply-submit')).click();
    await confirmDialog(page);
    await expectToast(page, jp('ok.dayTradeApplied'));
    await page.locator(tid('day-trade-review')).waitFor();
    const [row] = await lines();
    expect(row).toMatchObject({ status: 0, credit: '1000000.0000', trade_date: '2026-11-24' });
    expect(Number(await cash())).toBe(Number(cashBefore) - 1_000_000);
    await user.screenshot('daytrade-review-375');
  });

  step('the operator approves it in the back office review queue', async () => {
    const { page } = operator;
    await adminLogin(page, server.url, OPERATOR.user, OPERATOR.pass);
    await openFreshQueue(page, 'daytrades');
    expect((await decideFirstPending(page, { approve: true })).outcome).toBe('decided');
  });

  step('trades against the line: a long position with dz_type 3', async () => {
    const { page } = user;
    await openScreen(page, server.url, '/home/withinDays');
    await page.locator(tid('day-trade-line')).waitFor({ timeout: 20_000 });
    await page.locator(`${tid('day-trade-symbol')}`).fill('7203');
    await page.locator(`${tid('day-trade-shares')}`).fill('100');
    await page.locator(tid('day-trade-leverage-2')).click();
    await page.locator(tid('day-trade-buy')).click();
    await expectToast(page, jp('ok.bought'));
    await page.locator(tid('day-trade-position')).first().waitFor({ timeout: 20_000 });
    expect(await page.locator(tid('day-trade-status')).textContent()).toBe('取引中');
    const open = await apiCall<Reply<Record<string, { dz_type: number }>>>(page, '/trade/userstocklist', {
      type: 'jpy',
      buy_type: 1,
    });
    const rows = Object.keys(open.data).filter((k) => /^\d+$/.test(k));
    expect(rows.map((k) => open.data[k].dz_type)).toEqual([3]);
    await user.screenshot('daytrade-line-375');
  });

  step(
    'at the forced-close time the position is closed and the line settles back to cash',
    async () => {
      const { page } = user;
      // the leader's job closes the position at 15:15 and settles the line
      await expect.poll(async () => (await lines())[0].status, { timeout: 240_000, interval: 2000 }).toBe(4);
      const [row] = await lines();
      const pnl = Number(row.yingkui);
      expect(Number(row.payout)).toBeCloseTo(1_000_000 + pnl, 4);
      expect(Number(await cash())).toBeCloseTo(Number(cashBefore) + pnl, 4);
      await page.reload();
      await openScreen(page, server.url, '/home/withinDays');
      const history = page.locator(tid('day-trade-row')).first();
      await expect.poll(() => history.getAttribute('data-status'), { timeout: 30_000 }).toBe('4');
      expect(await history.locator(tid('day-trade-row-status')).textContent()).toBe('取引完了');
      // the position was closed by the job, with the forced-close message
      const closed = await apiCall<Reply<Record<string, { close_reason: string; dz_type: number }>>>(
        page,
        '/trade/userstocklists',
        { type: 'jpy' },
      );
      const mine = Object.keys(closed.data)
        .filter((k) => /^\d+$/.test(k))
        .map((k) => closed.data[k])
        .filter((p) => p.dz_type === 3);
      expect(mine.map((p) => p.close_reason)).toEqual(['forced']);
      // apply again: the form is back for the next trading day
      await page.locator(tid('day-trade-apply')).waitFor();
      await user.screenshot('daytrade-settled-375');
      await page.setViewportSize({ width: 320, height: 720 });
      await user.screenshot('daytrade-settled-320');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
    },
    300_000,
  );
});
