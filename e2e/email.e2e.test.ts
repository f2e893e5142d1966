import { translate } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkToken, type SmtpCatcher, smtpCatcher } from '../apps/server/test/support/smtp.ts';
import { type Browser, explainSkip, hasChromium, launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import {
  type Credentials,
  expectToast,
  login,
  logout,
  openApp,
  register,
  submitLogin,
  waitForRoute,
} from './support/web.ts';

explainSkip('email');

const jp = (key: string) => translate(key, 'jp');
const tid = (id: string) => `[data-testid="${id}"]`;

/** Nothing wider than the phone, and every button, link and switch row at least 44 px high. */
async function fitsAndTaps(b: Browser, selector: string) {
  const { scroll, width } = await b.page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
  const heights = await b.page
    .locator(selector)
    .evaluateAll((els) =>
      els
        .filter((e) => (e as HTMLElement).offsetParent !== null)
        .map((e) => [e.textContent?.trim() ?? '', e.getBoundingClientRect().height] as const),
    );
  expect(heights.length).toBeGreaterThan(0);
  for (const [text, h] of heights) expect(h, text).toBeGreaterThanOrEqual(44);
}

describe.skipIf(!hasChromium())('email: verify an address, then reset a forgotten password by mail', () => {
  let server: RunningServer;
  let smtp: SmtpCatcher;
  let phone: Browser;

  beforeAll(async () => {
    smtp = await smtpCatcher();
    server = await startServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Kabuto <no-reply@kabuto.test>' } });
  }, 200_000);
  afterAll(async () => {
    await phone?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('adds an address on My page, opens the mailed links, resets the password and signs in with it', async (ctx) => {
    phone = await launchBrowser({ viewport: { width: 375, height: 812 } });
    const { page } = phone;
    ctx.onTestFailed(async () => {
      console.error(`[e2e] email at ${page.url()} ${await phone.screenshot('email').catch(() => '')}`);
      console.error(phone.errors.join('\n'));
      console.error(server.output().slice(-3000));
    });
    const user: Credentials = {
      account: `mail${Date.now().toString(36)}`.slice(0, 20),
      password: 'first-pass-77',
    };
    const email = `${user.account}@mail.test`;

    // 1. a new account signs in and adds an address on My page › Email
    expect(await openApp(page, server.url)).toBe('login');
    await register(page, user);
    await login(page, user);
    await page.goto(`${server.url}/#/mine/email`);
    await page.locator(tid('email-address')).waitFor();
    expect(await page.locator(tid('email-current')).textContent()).toBe('未登録');
    await fitsAndTaps(
      phone,
      '[data-testid="email-address"] button, [data-testid="email-notices"] button, [data-testid="email-notices"] label',
    );
    await page.fill('input[name=email]', email);
    await page.locator(`${tid('email-address')} button[type=submit]`).click();
    await expectToast(page, jp('ok.verifySent'));
    await page.locator(tid('email-pending')).waitFor();

    // 2. the verification mail's link, opened as mailed
    const verify = await smtp.next(email);
    expect(verify.subject).toBe('メールアドレスの確認');
    const verifyLink = /https?:\/\/\S+verify-email\?token=\S+/.exec(verify.text)?.[0];
    expect(verifyLink).toBeTruthy();
    await page.goto(verifyLink!.replace('localhost', '127.0.0.1'));
    await expectToast(page, jp('ok.emailVerified'));
    await page.goto(`${server.url}/#/mine/email`);
    await page.locator(tid('email-current'), { hasText: email }).waitFor();

    // 3. signed out, the password forgotten: ask for a link from the login screen
    await page.goto(`${server.url}/#/mine/menu`);
    await logout(page);
    await page.locator(tid('forgot-link')).click();
    await waitForRoute(page, '/login/forgot');
    await page.locator(tid('forgot-form')).waitFor();
    await fitsAndTaps(phone, '[data-testid="forgot-form"] button, [data-testid="forgot-form"] a');
    await page.fill('input[name=email]', email);
    await page.locator('button[type=submit]').click();
    await page.locator(tid('forgot-sent')).waitFor();

    // 4. the reset mail: open its link, set a new password
    const reset = await smtp.next(email, (m) => m.subject === 'パスワード再設定のご案内');
    const resetLink = /https?:\/\/\S+\/#\/login\/reset\?token=\S+/.exec(reset.text)?.[0];
    expect(resetLink).toContain(linkToken(reset));
    await page.goto(resetLink!.replace('localhost', '127.0.0.1'));
    await page.locator(tid('reset-form')).waitFor();
    const fresh = 'second-pass-88';
    await page.fill('input[name=new_pass]', fresh);
    await page.fill('input[name=new_passs]', fresh);
    await page.locator('button[type=submit]').click();
    await waitForRoute(page, '/login/login');
    await expectToast(page, jp('ok.passwordReset'));

    // 5. the old password no longer works; the new one signs in
    await submitLogin(page, user);
    await expectToast(page, jp('auth.wrongCredentials'));
    await login(page, { account: user.account, password: fresh });
    const changed = await smtp.next(email, (m) => m.subject === 'パスワードが再設定されました');
    expect(changed.text).toContain(user.account);

    // 6. the link works once
    await page.goto(resetLink!.replace('localhost', '127.0.0.1'));
    await page.locator(tid('reset-form')).waitFor();
    await page.fill('input[name=new_pass]', 'third-pass-99');
    await page.fill('input[name=new_passs]', 'third-pass-99');
    await page.locator('button[type=submit]').click();
    await expectToast(page, jp('mail.linkUsed'));
  }, 240_000);
});
