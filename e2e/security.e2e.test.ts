import { translate } from '@kabuto/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, explainSkip, hasChromium, launchBrowser } from './support/browser.ts';
import { confirmDialog, openScreen } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';
import {
  type Credentials,
  expectToast,
  localValue,
  login,
  openApp,
  submitLogin,
  waitForRoute,
} from './support/web.ts';

explainSkip('security');

/** Inside the withdrawal window (09:00–15:00 JST on a business day). */
const CLOCK_START = '2026-11-24T10:30:00+09:00';
const DEMO: Credentials = { account: 'demo0001', password: 'kabuto-demo-1' };
const FUND_PASSWORD = process.env.DEMO_FUND_PASSWORD ?? '246810';
const jp = (key: string) => translate(key, 'jp');
const tid = (id: string) => `[data-testid="${id}"]`;

/** Passkeys need a host name: the server listens on 127.0.0.1, the browser opens it as localhost. */
const asLocalhost = (url: string) => url.replace('127.0.0.1', 'localhost');

/** Every button and link the user taps on this screen is at least 44 px high. */
async function touchTargetsOk(b: Browser, selector: string) {
  const heights = await b.page
    .locator(selector)
    .evaluateAll((els) =>
      els
        .filter((e) => (e as HTMLElement).offsetParent !== null)
        .map((e) => e.getBoundingClientRect().height),
    );
  expect(heights.length).toBeGreaterThan(0);
  for (const h of heights) expect(h).toBeGreaterThanOrEqual(44);
}

describe.skipIf(!hasChromium())('security: passkeys, TOTP, step-up, login notices and devices', () => {
  let server: RunningServer;
  let base: string;
  let phone: Browser;

  beforeAll(async () => {
    server = await startServer({ env: { KABUTO_CLOCK_START: CLOCK_START } });
    base = asLocalhost(server.url);
  }, 200_000);
  afterAll(async () => {
    await phone?.close();
    await server?.stop();
  });

  it('enrols a passkey, signs in with it, is asked for it on a withdrawal, sees the notice and the devices', async (ctx) => {
    phone = await launchBrowser({ viewport: { width: 375, height: 812 } });
    const { page } = phone;
    ctx.onTestFailed(async () => {
      console.error(
        `[e2e] security at ${page.url()} ${await phone.screenshot('security-passkey').catch(() => '')}`,
      );
      console.error(phone.errors.join('\n'));
      console.error(server.output().slice(-3000));
    });
    // Chromium's virtual platform authenticator: resident keys, user verification that succeeds
    const cdp = await phone.context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    // 1. the password, then a passkey from My page › Security
    expect(await openApp(page, base)).toBe('login');
    await login(page, DEMO);
    const passwordToken = await localValue(page, 'tokend');
    await openScreen(page, base, '/mine/myPage');
    await page.locator(tid('link-security')).first().click();
    await waitForRoute(page, '/mine/security');
    await page.fill('input[name=passkey-name]', 'E2E phone');
    await touchTargetsOk(phone, `${tid('passkey-add')}, ${tid('totp-setup')}, .k-security-devices`);
    await page.locator(tid('passkey-add')).click();
    await expectToast(page, jp('ok.passkeyAdded'));
    await expect.poll(() => page.locator(tid('passkey-list')).textContent()).toContain('E2E phone');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0].isResidentCredential).toBe(true);

    // 2. a second sign-in on this phone, without the password: the passkey alone
    await page.evaluate(() => {
      localStorage.removeItem('tokend');
    });
    await page.goto(`${base}/#/login/login`);
    await page.locator(tid('passkey-login')).click();
    await waitForRoute(page, '/home/index');
    const passkeyToken = await localValue(page, 'tokend');
    expect(passkeyToken).toBeTruthy();
    expect(passkeyToken).not.toBe(passwordToken);

    // …and the password alone now asks for the passkey as well
    const api = (path: string, body: unknown, token?: string) =>
      page.evaluate(
        async ([p, b, tok]) => {
          const r = await fetch(`/api/vue${p}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(tok ? { token: tok } : {}) },
            body: JSON.stringify(b),
          });
          return { http: r.status, body: await r.json() };
        },
        [path, body, token] as const,
      );
    const pw = await api('/user/login', DEMO);
    expect(pw.body.data.token).toBeUndefined();
    expect(pw.body.data.methods).toEqual(['passkey']);

    // 3. a withdrawal asks for the passkey before it goes through
    await openScreen(page, base, '/mine/withdraw');
    await page.fill('input[name=money]', '50000');
    await page.fill('input[name=passwords]', FUND_PASSWORD);
    await page.locator(tid('withdraw-submit')).click();
    await confirmDialog(page);
    await page.locator(tid('step-up-dialog')).waitFor();
    await touchTargetsOk(phone, `${tid('step-up-dialog')} button`);
    await page.locator(tid('step-up-passkey')).click();
    await expectToast(page, jp('ok.withdrawSubmitted'));
    await waitForRoute(page, '/mine/transactionRecords');

    // 4. the sign-in notice in the messages
    await openScreen(page, base, '/mine/message');
    const notice = page.locator(tid('message-item'), { hasText: '新しいログインがありました' }).first();
    await notice.waitFor();
    await notice.click();
    await expect.poll(() => page.locator('article').textContent()).toContain('パスキー');
    const article = (await page.locator('article').textContent()) ?? '';
    expect(article).toMatch(/Chrome \d+ \/ (Android|Linux)/);
    expect(article).toContain('ループバック');

    // 5. the device list: this phone and the earlier password session; sign that one out
    await openScreen(page, base, '/mine/devices');
    const rows = page.locator(tid('device-row'));
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.locator(`${tid('device-row')}[data-current="1"]`).count()).toBe(1);
    await touchTargetsOk(phone, tid('device-signout'));
    await page.locator(tid('device-signout')).click();
    await expectToast(page, jp('ok.signedOutDevice'));
    await expect.poll(() => rows.count()).toBe(1);
    expect((await api('/user/getUserinfo', {}, passwordToken ?? '')).http).toBe(401);
    expect((await api('/user/getUserinfo', {}, passkeyToken ?? '')).http).toBe(200);
    expect(phone.errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
  }, 240_000);

  it('sets up the authenticator app, signs in with its code and confirms a sensitive change with it', async (ctx) => {
    const b = await launchBrowser({ viewport: { width: 375, height: 812 } });
    const { page } = b;
    ctx.onTestFailed(async () => {
      console.error(`[e2e] totp at ${page.url()} ${await b.screenshot('security-totp').catch(() => '')}`);
      console.error(b.errors.join('\n'));
    });
    try {
      const user: Credentials = { account: `totp${Date.now().toString(36)}`, password: 'totp-pass-1' };
      expect(await openApp(page, base)).toBe('login');
      const reg = await page.evaluate(
        async (u) =>
          (
            await fetch('/api/vue/user/register', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                account: u.account,
                pwd: u.password,
                pwd1: u.password,
                inviter: 'KABUTO2026',
              }),
            })
          ).json(),
        user,
      );
      expect(reg.status).toBe(1);
      await login(page, user);

      await openScreen(page, base, '/mine/security');
      await page.locator(tid('totp-setup')).click();
      const secret = (await page.locator(tid('totp-secret')).getAttribute('data-secret')) ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(await page.locator('img.k-security-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
      const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
      const codeAt = (steps: number) => totp.generate({ timestamp: Date.now() + steps * 30_000 });
      await page.fill('input[name=totp-code]', codeAt(0));
      await page.locator(tid('totp-enable')).click();
      await expectToast(page, jp('ok.totpEnabled'));
      await expect.poll(() => page.locator(`${tid('recovery-codes')} li`).count()).toBe(10);
      const recovery =
        (await page
          .locator(`${tid('recovery-codes')} li`)
          .first()
          .textContent()) ?? '';
      expect(recovery).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);

      // sign in again: the password, then the code (a later one: each code is good once)
      await page.evaluate(() => localStorage.removeItem('tokend'));
      await page.goto(`${base}/#/login/login`);
      await submitLogin(page, user);
      await page.locator(tid('second-factor')).waitFor();
      await page.fill('input[name=code]', '000000');
      await page.locator(tid('second-code-submit')).click();
      await expectToast(page, jp('security.wrongCode'));
      await page.fill('input[name=code]', codeAt(1));
      await page.locator(tid('second-code-submit')).click();
      await waitForRoute(page, '/home/index');

      // turning it off is a sensitive change: the step-up dialog asks for a code (the latest code was
      // just used, so a recovery code here)
      await openScreen(page, base, '/mine/security');
      await page.locator(tid('totp-on')).waitFor();
      await page.locator(tid('totp-disable')).click();
      await page.locator(tid('step-up-dialog')).waitFor();
      await page.fill('input[name=step-up-code]', recovery);
      await page.locator(tid('step-up-code-submit')).click();
      await expectToast(page, jp('ok.changed'));
      await page.locator(tid('totp-setup')).waitFor();
    } finally {
      await b.close();
    }
  }, 240_000);
});
