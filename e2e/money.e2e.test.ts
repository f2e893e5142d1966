import { translate } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, decideFirstPending } from './support/admin.ts';
import { type Browser, explainSkip, hasChromium, launchBrowser } from './support/browser.ts';
import { confirmDialog, dataValue, makePng, openFreshQueue, openScreen, pickImage } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { type Credentials, expectToast, login, openApp, register, waitForRoute } from './support/web.ts';

explainSkip('money');

/**
 * A business day inside the deposit (09:00–17:00) and withdrawal (09:00–15:00) windows, Japan time:
 * Tuesday 24 November 2026 (the 23rd is a holiday).
 */
const CLOCK_START = '2026-11-24T10:30:00+09:00';

const DEMO: Credentials = { account: 'demo0001', password: 'kabuto-demo-1' };
const FUND_PASSWORD = process.env.DEMO_FUND_PASSWORD ?? '246810';
const CHANNEL_PASSWORD = process.env.DEMO_CHANNEL_PASSWORD ?? '135790';
const OPERATOR = {
  user: process.env.DEMO_ADMIN ?? 'admin',
  pass: process.env.DEMO_ADMIN_PASSWORD ?? 'kabuto-admin-1',
};

const jp = (key: string) => translate(key, 'jp');
const tid = (id: string) => `[data-testid="${id}"]`;
/** How long an upload's reply may take on a loaded machine (images are decoded, checked and stored first). */
const UPLOAD_REPLY_MS = 30_000;

describe.skipIf(!hasChromium())('money: deposit, withdrawal, exchange and identity verification', () => {
  let server: RunningServer;
  /** The demo user on a phone. */
  let user: Browser;
  /** The operator on a desktop. */
  let operator: Browser;
  /** A freshly registered user on a phone. */
  let newcomer: Browser;
  const fresh: Credentials = { account: `kyc${Date.now().toString(36)}`, password: 'kyc-pass-1' };
  const withdrawReason = '振込先口座の名義を確認できませんでした';
  const kycReason = '書類の文字が読み取れません';

  const browsers = () => [user, operator, newcomer].filter(Boolean);
  const step = (name: string, fn: () => Promise<void>) =>
    it(name, async (ctx) => {
      ctx.onTestFailed(async () => {
        for (const [who, b] of [
          ['user', user],
          ['operator', operator],
          ['newcomer', newcomer],
        ] as const) {
          if (!b) continue;
          const shot = await b.screenshot(`money-${who}-${name.replace(/\W+/g, '-')}`).catch(() => '');
          console.error(`[e2e] ${name}: ${who} at ${b.page.url()} ${shot ? `(screenshot ${shot})` : ''}`);
          if (b.errors.length) console.error(b.errors.join('\n'));
        }
      });
      await fn();
    });

  /** A figure of My page, asked for afresh (the screen reads the balances whenever it opens). */
  const myPageValue = async (testid: string) => {
    const { page } = user;
    if (new URL(page.url()).hash === '#/mine/myPage') await page.reload();
    else await openScreen(page, server.url, '/mine/myPage');
    await page.locator(tid(testid)).waitFor();
    return dataValue(page, testid);
  };

  beforeAll(async () => {
    server = await startServer({ env: { KABUTO_CLOCK_START: CLOCK_START } });
    user = await launchBrowser();
    operator = await launchBrowser({ viewport: { width: 1280, height: 860 } });
  });

  afterAll(async () => {
    for (const b of browsers()) await b.close();
    await server?.stop();
  });

  step('the demo user logs in and sees ¥10,000,000 on My page and in the user panel', async () => {
    const { page } = user;
    expect(await openApp(page, server.url)).toBe('login');
    await login(page, DEMO);
    await page.locator(tid('mypage-button')).click();
    await expect.poll(() => page.locator(tid('panel-total-value')).textContent()).toBe('10,000,000.00円');
    await page.locator(tid('panel-assets')).click();
    await waitForRoute(page, '/mine/myPage');
    await expect.poll(() => dataValue(page, 'asset-total')).toBe('10000000.0000');
    expect(await dataValue(page, 'asset-frozen')).toBe('0.0000');
    expect(await page.locator(tid('mypage-verification')).textContent()).toContain('本人確認済み');
  });

  step('deposits ¥200,000 with a transfer proof', async () => {
    const { page } = user;
    await page.locator(tid('mypage-deposit')).click();
    await waitForRoute(page, '/mine/stored');
    await page.fill('input[name=money]', '200000');
    await page.fill('input[name=rpassword]', `${CHANNEL_PASSWORD}9`);
    await page.locator(tid('deposit-next')).click();
    await expectToast(page, jp('deposit.wrongChannelPassword'));
    await page.fill('input[name=rpassword]', CHANNEL_PASSWORD);
    await page.locator(tid('deposit-next')).click();
    await waitForRoute(page, '/mine/deposit');
    expect(await page.locator(tid('deposit-amount')).textContent()).toBe('200,000.00円');
    expect(await page.locator(tid('channel-account-number')).textContent()).toBeTruthy();
    await page.locator(tid('deposit-submit')).click();
    await expectToast(page, jp('deposit.proofRequired'));
    await pickImage(page, 'deposit-proof', 'transfer.png', makePng(360, 220, [30, 110, 200]));
    await page.locator(tid('deposit-submit')).click();
    await expectToast(page, jp('ok.depositSubmitted'), UPLOAD_REPLY_MS);
    await waitForRoute(page, '/mine/transactionRecords');
    const first = page.locator(tid('deposit-record')).first();
    await expect.poll(() => first.locator(tid('deposit-record-amount')).textContent()).toBe('200,000.00円');
    expect(await first.locator(tid('status-chip')).getAttribute('data-status')).toBe('0');
  });

  step('an operator approves the deposit in the back office', async () => {
    const { page } = operator;
    await adminLogin(page, server.url, OPERATOR.user, OPERATOR.pass);
    await openFreshQueue(page, 'deposits');
    expect((await decideFirstPending(page, { approve: true })).outcome).toBe('decided');
  });

  step('the user sees the balance rise and the deposit credited', async () => {
    await expect.poll(() => myPageValue('asset-total'), { timeout: 15_000 }).toBe('10200000.0000');
    const { page } = user;
    await openScreen(page, server.url, '/mine/transactionRecords?tab=deposit');
    await expect
      .poll(() =>
        page
          .locator(`${tid('deposit-record')} ${tid('status-chip')}`)
          .first()
          .getAttribute('data-status'),
      )
      .toBe('1');
    await openScreen(page, server.url, '/mine/transactionRecords?tab=funds');
    await expect
      .poll(() => page.locator(tid('fund-record')).first().getAttribute('data-kind'))
      .toBe('deposit');
    expect(await page.locator(tid('fund-record')).first().textContent()).toContain('+200,000.00円');
  });

  step('withdraws ¥50,000: the amount is frozen until the review', async () => {
    const { page } = user;
    await openScreen(page, server.url, '/mine/myPage');
    await page.locator(tid('mypage-withdraw')).click();
    await waitForRoute(page, '/mine/withdraw');
    await expect.poll(() => dataValue(page, 'withdraw-available')).toBe('10200000.0000');
    await page.fill('input[name=money]', '50');
    await page.fill('input[name=passwords]', FUND_PASSWORD);
    await page.locator(tid('withdraw-submit')).click();
    await expectToast(page, translate('withdraw.belowMinimum', 'jp', { min: '100円' }));
    await page.fill('input[name=money]', '50000');
    expect(await page.locator(`${tid('withdraw-bank')}[aria-pressed="true"]`).count()).toBe(1);
    await page.locator(tid('withdraw-submit')).click();
    await confirmDialog(page);
    await expectToast(page, jp('ok.withdrawSubmitted'));
    await waitForRoute(page, '/mine/transactionRecords');
    const first = page.locator(tid('withdrawal-record')).first();
    await expect.poll(() => first.locator(tid('withdrawal-record-amount')).textContent()).toBe('50,000.00円');
    expect(await first.locator(tid('status-chip')).getAttribute('data-status')).toBe('0');
    await expect.poll(() => myPageValue('asset-available')).toBe('10150000.0000');
    expect(await dataValue(page, 'asset-frozen')).toBe('50000.0000');
    expect(await dataValue(page, 'asset-total')).toBe('10200000.0000');
  });

  step('the operator rejects the withdrawal with a reason', async () => {
    const { page } = operator;
    await openFreshQueue(page, 'withdrawals');
    const decision = await decideFirstPending(page, { approve: false, reason: withdrawReason });
    expect(decision.outcome).toBe('decided');
  });

  step('the money returns, the reason is shown and a site message arrives', async () => {
    await expect.poll(() => myPageValue('asset-available'), { timeout: 15_000 }).toBe('10200000.0000');
    const { page } = user;
    expect(await dataValue(page, 'asset-frozen')).toBe('0.0000');
    await openScreen(page, server.url, '/mine/transactionRecords?tab=withdrawal');
    const first = page.locator(tid('withdrawal-record')).first();
    await expect.poll(() => first.locator(tid('status-chip')).getAttribute('data-status')).toBe('2');
    expect(await first.locator(tid('withdrawal-record-reason')).textContent()).toContain(withdrawReason);
    await openScreen(page, server.url, '/mine/message');
    const message = page.locator(tid('message-item')).first();
    await message.waitFor();
    expect(await message.getAttribute('data-read')).toBe('false');
    expect(await message.textContent()).toContain('出金申請が却下されました');
    await message.click();
    await waitForRoute(page, '/mine/messageInfo');
    await expect.poll(() => page.locator('article').textContent()).toContain(withdrawReason);
  });

  step('exchanges ¥100,000 to dollars: both balances change', async () => {
    const { page } = user;
    await openScreen(page, server.url, '/mine/myPage');
    await page.locator(tid('mypage-exchange')).click();
    await waitForRoute(page, '/mine/exchange');
    expect(await page.locator(tid('exchange-from')).getAttribute('data-value')).toBe('jpy');
    expect(await page.locator(tid('exchange-to')).getAttribute('data-value')).toBe('usd');
    await expect.poll(() => dataValue(page, 'exchange-from-balance')).toBe('10200000.0000');
    expect(await dataValue(page, 'exchange-to-balance')).toBe('0.0000');
    await page.fill('input[name=money]', '100000');
    await expect.poll(() => dataValue(page, 'exchange-converted')).toMatch(/^\d+\.\d{4}$/);
    const preview = Number(await dataValue(page, 'exchange-converted'));
    expect(preview).toBeGreaterThan(100); // ¥100,000 is worth hundreds of dollars
    await page.locator(tid('exchange-submit')).click();
    await confirmDialog(page);
    await expectToast(page, jp('ok.exchanged'));
    await expect.poll(() => dataValue(page, 'exchange-from-balance')).toBe('10100000.0000');
    const usd = Number(await dataValue(page, 'exchange-to-balance'));
    // the rate moves a little between the preview and the confirmation
    expect(usd).toBeGreaterThan(preview * 0.98);
    expect(usd).toBeLessThan(preview * 1.02);
    await expect
      .poll(() => myPageValue('asset-usd'))
      .toBe((await dataValue(page, 'exchange-to-balance')) ?? '');
  });

  step('a new user cannot withdraw before verification and submits identity documents', async () => {
    newcomer = await launchBrowser();
    const { page } = newcomer;
    expect(await openApp(page, server.url)).toBe('login');
    await register(page, fresh);
    await login(page, fresh);
    await openScreen(page, server.url, '/mine/withdraw');
    await page.locator(tid('withdraw-verify')).waitFor();
    await page.locator(`${tid('withdraw-verify')} a`).click();
    await waitForRoute(page, '/mine/verified');
    await page.locator(tid('kyc-form')).waitFor();
    await page.fill('input[name=realname]', '山田 花子');
    await page.fill('input[name=id_card]', 'KY1234567');
    await pickImage(page, 'kyc-front', 'front.png', makePng(320, 200, [200, 60, 60]));
    await pickImage(page, 'kyc-back', 'back.png', makePng(320, 200, [60, 160, 90]));
    await page.locator(tid('kyc-submit')).click();
    await expectToast(page, jp('kyc.privacyRequired'));
    await page.check('input[name=privacy]', { force: true });
    await page.locator(tid('kyc-submit')).click();
    // two images are checked and stored before the reply: on a loaded machine it may take a while
    await expectToast(page, jp('ok.submitted'), UPLOAD_REPLY_MS);
    await expect.poll(() => page.locator(tid('kyc-state')).getAttribute('data-status')).toBe('3');
  });

  step('the operator rejects it; the user reads the reason and submits again', async () => {
    await openFreshQueue(operator.page, 'kyc');
    expect((await decideFirstPending(operator.page, { approve: false, reason: kycReason })).outcome).toBe(
      'decided',
    );
    const { page } = newcomer;
    await page.reload();
    await expect.poll(() => page.locator(tid('kyc-state')).getAttribute('data-status')).toBe('2');
    expect(await page.locator(tid('kyc-reason')).textContent()).toContain(kycReason);
    await page.locator(tid('kyc-resubmit')).click();
    await page.locator(tid('kyc-form')).waitFor();
    expect(await page.locator(`${tid('kyc-form')} ${tid('kyc-reason')}`).textContent()).toContain(kycReason);
    expect(await page.inputValue('input[name=realname]')).toBe('山田 花子');
    await page.fill('input[name=id_card]', 'KY1234567');
    await pickImage(page, 'kyc-front', 'front-2.png', makePng(400, 250, [220, 80, 40]));
    await pickImage(page, 'kyc-back', 'back-2.png', makePng(400, 250, [40, 90, 220]));
    await page.check('input[name=privacy]', { force: true });
    await page.locator(tid('kyc-submit')).click();
    await expectToast(page, jp('ok.submitted'), UPLOAD_REPLY_MS);
    await expect.poll(() => page.locator(tid('kyc-state')).getAttribute('data-status')).toBe('3');
  });

  step('the operator approves the resubmission; the user is verified', async () => {
    await openFreshQueue(operator.page, 'kyc');
    expect((await decideFirstPending(operator.page, { approve: true })).outcome).toBe('decided');
    const { page } = newcomer;
    await page.reload();
    await expect.poll(() => page.locator(tid('kyc-state')).getAttribute('data-status')).toBe('1');
    expect(await page.locator(tid('kyc-state')).textContent()).toContain('山田 花子');
    for (const b of browsers()) expect(b.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});
