import { translate } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { adminLogin, clickInDialog } from './support/admin.ts';
import { type Browser, browserSteps, explainSkip, hasChromium, launchBrowser } from './support/browser.ts';
import { dataValue, openScreen } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { apiCall } from './support/trading.ts';
import { expectToast, login, openApp, register, waitForRoute } from './support/web.ts';

explainSkip('truth');

const DEMO = { account: 'demo0001', password: 'kabuto-demo-1' };
const OPERATOR = {
  user: process.env.DEMO_ADMIN ?? 'admin',
  pass: process.env.DEMO_ADMIN_PASSWORD ?? 'kabuto-admin-1',
};
const tid = (id: string) => `[data-testid="${id}"]`;
/** Decimal string → units (scale 4), for exact comparisons. */
const units = (s: string | null): bigint => {
  const [w, f = ''] = String(s).split('.');
  const sign = w.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(w.replace('-', '')) * 10_000n + BigInt(f.padEnd(4, '0').slice(0, 4)));
};

describe.skipIf(!hasChromium())(
  'truth on the screens: total assets in yen, gates before forms, support',
  () => {
    let server: RunningServer;
    let browser: Browser;
    const fresh = { account: `tr${Date.now().toString().slice(-8)}`, password: 'Kabuto-e2e-77' };

    const step = browserSteps(() => browser, 'truth');

    beforeAll(async () => {
      // the Tokyo morning session (orders fill) on a weekday (support is open)
      server = await startServer({ env: { KABUTO_CLOCK_START: '2026-11-24T10:00:00+09:00' } });
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    /** My page's total in yen and its breakdown, read from the screen. */
    async function totals() {
      const { page } = browser;
      await openScreen(page, server.url, '/mine/myPage');
      await expect.poll(() => dataValue(page, 'mypage-total-value')).toMatch(/^-?\d+\.\d{4}$/);
      await page.locator(tid('mypage-total-toggle')).click();
      await page.locator(tid('mypage-total-breakdown')).waitFor();
      const read = async (k: string) => units(await dataValue(page, `mypage-total-${k}`));
      return {
        total: units(await dataValue(page, 'mypage-total-value')),
        cash: await read('cash'),
        frozen: await read('frozen'),
        margin: await read('margin'),
        pnl: await read('pnl'),
        perMarket: units(await dataValue(page, 'asset-total')),
      };
    }

    step(
      'total assets in yen include the open position and stay put through an exchange of ¥50,000',
      async () => {
        const { page } = browser;
        await openApp(page, server.url);
        await login(page, DEMO);
        const order = await apiCall<{ status: number; code?: string }>(page, '/trade/buy_stock', {
          type: 'jpy',
          symbol: '7203',
          buyzd: 1,
          gdlx: 1,
          ganggan: 2,
          zhang: '100',
        });
        expect(order.status, order.code).toBe(1);

        // home and the user panel lead with it too
        await page.locator(tid('home-total-value')).waitFor();
        await expect.poll(() => dataValue(page, 'home-total-value')).toMatch(/^\d+\.\d{4}$/);

        const before = await totals();
        expect(before.margin > 0n).toBe(true);
        // the total is the breakdown's sum: cash, frozen (of which the positions' margin) and the P&L
        expect(before.total).toBe(before.cash + before.frozen + before.pnl);
        expect(before.frozen >= before.margin).toBe(true);
        await browser.screenshot('truth-total-before');

        await openScreen(page, server.url, '/mine/exchange');
        await expect.poll(() => dataValue(page, 'exchange-from-balance')).toMatch(/^\d+\.\d{4}$/);
        await page.locator('input[name=money]').fill('50000');
        await expect.poll(() => dataValue(page, 'exchange-converted')).toMatch(/^\d+\.\d{4}$/);
        await page.locator(tid('exchange-submit')).click();
        await page.locator('.adm-dialog-footer .adm-dialog-button-bold').last().click();
        await expectToast(page, translate('ok.exchanged', 'jp'));

        const after = await totals();
        // what the exchange changed is the money held, by its spread (0.30 % of ¥50,000 = ¥150) and the
        // cents rounded down — the P&L moves with the market in the meantime and is set apart
        const drop = before.total - before.pnl - (after.total - after.pnl);
        expect(drop >= 150n * 10_000n).toBe(true);
        expect(drop <= 160n * 10_000n).toBe(true);
        // getUserinfo's per-market figure is the yen wallet's own and fell by the ¥50,000 that left it
        expect(before.perMarket - after.perMarket).toBe(50_000n * 10_000n);
        await browser.screenshot('truth-total-after');

        // the user panel shows the same figure
        await page.goto(`${server.url}/#/home/index`);
        await page.locator(tid('home-header')).waitFor();
        await page.locator(tid('mypage-button')).click();
        await page.locator(tid('panel-total-value')).waitFor();
        await expect.poll(() => dataValue(page, 'panel-total-value')).toMatch(/^\d+\.\d{4}$/);
        await browser.screenshot('truth-user-panel');
      },
    );

    step(
      'withdrawing with stocks held: the rule is on screen before the form, and it cannot be sent',
      async () => {
        const { page } = browser;
        await openScreen(page, server.url, '/mine/withdraw');
        const gate = page.locator(tid('withdraw-gate'));
        await gate.waitFor();
        expect(await gate.textContent()).toContain('株式の保有中は出金できません');
        expect(await page.locator(tid('withdraw-submit')).isDisabled()).toBe(true);
        await browser.screenshot('truth-withdraw-gate');
        await page.locator(tid('withdraw-gate-link')).click();
        await waitForRoute(page, '/position/index');
      },
    );

    step(
      'the loan page shows the credit-score rule of the limit; the deposit points to support',
      async () => {
        const { page } = browser;
        await openScreen(page, server.url, '/mine/loan');
        const rule = page.locator(tid('loan-rule'));
        await rule.waitFor();
        expect(await rule.textContent()).toContain('借入枠のルール');
        await openScreen(page, server.url, '/mine/stored');
        await page.locator(tid('deposit-gate')).waitFor();
        await browser.screenshot('truth-deposit-gate');
        // the deposit screen has no tab bar: log out from the menu
        await openScreen(page, server.url, '/mine/menu');
        await page.locator(tid('link-logout')).click();
        await page.locator('.adm-dialog-footer .adm-dialog-button-bold').click();
        await waitForRoute(page, '/login/login');
      },
    );

    step(
      'a new user sees the gates first: the bank form needs verification, the loan limit says how',
      async () => {
        const { page } = browser;
        await register(page, fresh);
        await login(page, fresh);
        await openScreen(page, server.url, '/mine/bankAdd');
        await page.locator(tid('bank-gate')).waitFor();
        expect(await page.locator(tid('bank-form')).count()).toBe(0);
        await browser.screenshot('truth-bank-gate');
        await page.locator(tid('bank-gate-link')).click();
        await waitForRoute(page, '/mine/verified');

        await openScreen(page, server.url, '/mine/loan');
        await page.locator(tid('loan-gate')).waitFor();
        expect(await page.locator(tid('loan-gate')).textContent()).toContain('本人確認');
        await page.locator(tid('loan-rule')).waitFor();
        await browser.screenshot('truth-loan-gate');
      },
    );

    step('a message to support is answered in the back office and arrives as a site message', async () => {
      const { page } = browser;
      await openScreen(page, server.url, '/mine/menu');
      await page.locator(tid('link-kefu')).first().click();
      await waitForRoute(page, '/mine/support');
      await page.locator(tid('support-hours')).waitFor();
      await page.locator(tid('support-text')).fill('入金パスワードを教えてください。');
      await page.locator(tid('support-send')).click();
      await expectToast(page, translate('ok.supportSent', 'jp'));
      await page.locator(tid('support-history')).waitFor();
      await browser.screenshot('truth-support-sent');

      const admin = await launchBrowser({ viewport: { width: 1280, height: 900 } });
      try {
        await adminLogin(admin.page, server.url, OPERATOR.user, OPERATOR.pass);
        await admin.page.locator(tid('nav-support')).click();
        const row = admin.page.locator('tr', { hasText: fresh.account }).first();
        await row.waitFor();
        await row.locator('button', { hasText: '回答する' }).click();
        await admin.page.locator(tid('support-reply-text')).fill('入金パスワードは 135790 です。');
        await clickInDialog(admin.page.locator('.ant-modal-footer .ant-btn-primary'));
        // sent: the dialog closes (a refusal keeps it open)
        await admin.page.locator(tid('support-reply-text')).waitFor({ state: 'hidden' });
      } finally {
        await admin.close();
      }

      // the list was read (for the menu's badge) before the answer was sent: opening it asks again
      await openScreen(page, server.url, '/mine/message');
      const item = page.locator(tid('message-item'), { hasText: 'お問い合わせへの回答' }).first();
      await item.waitFor();
      await item.click();
      await waitForRoute(page, '/mine/messageInfo');
      await expect.poll(() => page.locator('body').textContent()).toContain('入金パスワードは 135790 です。');
      await browser.screenshot('truth-support-answer');
      await openScreen(page, server.url, '/mine/support');
      await page.locator(tid('support-history'), { hasText: '回答済み' }).waitFor();
    });

    step('at 320 px the total, its breakdown and the support form fit the screen', async () => {
      const { page } = browser;
      await page.setViewportSize({ width: 320, height: 640 });
      await openScreen(page, server.url, '/mine/support');
      await page.locator(tid('support-send')).waitFor();
      const sendBox = await page.locator(tid('support-send')).boundingBox();
      expect(sendBox && sendBox.x + sendBox.width <= 320).toBe(true);
      expect(sendBox && sendBox.height >= 44).toBe(true);
      await openScreen(page, server.url, '/home/index');
      await page.locator(tid('home-total-toggle')).click();
      await page.locator(tid('home-total-breakdown')).waitFor();
      const toggle = await page.locator(tid('home-total-toggle')).boundingBox();
      expect(toggle && toggle.height >= 44).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await browser.screenshot('truth-home-320');

      // the demo user holds yen, dollars and a position: every line of the breakdown still fits
      await openScreen(page, server.url, '/mine/menu');
      await page.locator(tid('link-logout')).click();
      await page.locator('.adm-dialog-footer .adm-dialog-button-bold').click();
      await waitForRoute(page, '/login/login');
      await login(page, DEMO);
      await openScreen(page, server.url, '/mine/myPage');
      await page.locator(tid('mypage-total-toggle')).click();
      await page.locator(tid('mypage-total-breakdown')).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await browser.screenshot('truth-mypage-320');
      await openScreen(page, server.url, '/mine/loan');
      await page.locator(tid('loan-rule')).scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await browser.screenshot('truth-loan-rule-320');
    });
  },
);
