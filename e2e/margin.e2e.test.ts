import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { ADMIN_API_BASE, translate } from '@kabuto/contract';
import { callDeadline, localDate } from '@kabuto/domain';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { adminLogin, clickInDialog } from './support/admin.ts';
import { type Browser, browserSteps, explainSkip, hasChromium, launchBrowser } from './support/browser.ts';
import { fallingStock, lotsFor, ratioAfter, SIM_SEED, testSimulator, yen } from './support/falling-stock.ts';
import { makePng, openScreen, pickImage } from './support/money.ts';
import { newDataDir, type RunningServer, startServer } from './support/server.ts';
import { apiCall, heldPositions, placeOrder, type Reply } from './support/trading.ts';
import { expectToast, login, openApp, waitForRoute } from './support/web.ts';

explainSkip('margin');

const OPERATOR = {
  username: process.env.DEMO_ADMIN ?? 'admin',
  password: process.env.DEMO_ADMIN_PASSWORD ?? 'kabuto-admin-1',
};
const CHANNEL_PASSWORD = process.env.DEMO_CHANNEL_PASSWORD ?? '135790';
const FUND_PASSWORD = '112233';
const FIRST_DEPOSIT = 400_000;
/** Tuesday 24 November 2026, 10:00 in Tokyo: the morning session, when the long is opened. */
const OPEN = '2026-11-24T10:00:00+09:00';
/** The defaults of the maintenance line and the emergency floor (trading_maintenance_ratio, margin_emergency_ratio). */
const LINE = 20;
const FLOOR = 10;
/**
 * The stock and the later clock: a 3× long of the ¥400,000 deposit whose ratio is, by the simulator the
 * server runs, between 12% and 18% at 08:00 in Tokyo of a trading day weeks later: below the line (a
 * call) with room for the minutes the order waits and the costs accrued, above the floor (no forced close).
 */
const MOVE = fallingStock(Date.parse(OPEN), { cash: FIRST_DEPOSIT, leverage: 3 }, [LINE - 8, LINE - 2]);
const tid = (id: string) => `[data-testid="${id}"]`;
const jp = (key: string, params?: Record<string, string | number>) => translate(key, 'jp', params);

/** Unix seconds → "2026/11/26 12:00" on Tokyo's clock, as the banner shows a deadline. */
const jst = (unixSeconds: number): string => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Tokyo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(unixSeconds * 1000))
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}`;
};

interface MarginState {
  status: string;
  line: string;
  books: { type: string; collateral: string; notional: string; pnl: string; ratio: string | null }[];
  calls: { id: string; amount: string; deadline: number; status: string }[];
}

/**
 * The margin account end to end at 375×812, against the real server: a new user's 3× order is refused
 * for want of a margin account and the order sheet links to the application; the user answers the
 * suitability questions and accepts the agreement; the operator approves; a 3× long of the stock the
 * simulator will take down (MOVE) is opened; the server is restarted on the same data at the later clock,
 * where the price has fallen (nobody sets a price: it is the seeded simulator's), and the leader's
 * maintenance round issues a margin call; the banner shows its amount and its deadline on Tokyo's clock
 * on every screen, and the back office lists it; the operator sets a stock's 逆日歩 on the back office's
 * page and finds it in the audit log; a deposit through the banner's link, approved, meets the
 * call and the banner goes.
 */
describe.skipIf(!hasChromium())('margin account: apply, a 3× long, a margin call met by a deposit', () => {
  const dataDir = newDataDir();
  let server: RunningServer;
  let browser: Browser;
  /** The operator's desk, for the back office's margin call list. */
  let desk: Browser | undefined;
  let opToken = '';
  let call: MarginState['calls'][number] | undefined;
  const user = { account: `mg${Date.now().toString(36)}`, password: 'margin-pass-1' };

  const step = browserSteps(() => browser, 'margin');

  /** A call of the users' API outside the browser (the set-up, before the web login). */
  const userApi = async <T>(path: string, body: unknown, token = '', extra: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}/api/vue${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}), ...extra },
      body: JSON.stringify(body),
    });
    const r = (await res.json()) as Reply<T>;
    expect(r.status, `${path}: ${r.code}`).toBe(1);
    return r.data;
  };
  const operator = async <T>(path: string, body: Record<string, unknown>) => {
    const res = await fetch(`${server.url}${ADMIN_API_BASE}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(opToken ? { authorization: `Bearer ${opToken}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const r = (await res.json()) as Reply<T>;
    expect(r.status, `${path}: ${r.code}`).toBe(1);
    return r.data;
  };
  /** (Re)start the server on the same data at `clock`, with the simulator's seed the test computes with. */
  const startAt = async (clock: string) => {
    // the page leaves the old server first (its socket would log refused connections as errors)
    await browser?.page.goto('about:blank');
    await server?.stop();
    server = await startServer({ dataDir, env: { KABUTO_CLOCK_START: clock, SIM_SEED } });
    opToken = '';
    opToken = (await operator<{ token: string }>('/auth/login', OPERATOR)).token;
  };
  const upload = async (token: string) => {
    const form = new FormData();
    form.append(
      'card',
      new Blob([new Uint8Array(makePng(64, 48, [40, 90, 160]))], { type: 'image/png' }),
      'p.png',
    );
    const res = await fetch(`${server.url}/api/vue/common/upload1`, {
      method: 'POST',
      headers: { token },
      body: form,
    });
    const r = (await res.json()) as Reply<string>;
    expect(r.status, `upload: ${r.code}`).toBe(1);
    return r.data;
  };
  const margin = async () =>
    (await apiCall<Reply<MarginState>>(browser.page, '/user/margin_account', { type: 'jpy' })).data;
  /** Approve the user's pending deposit of the review queue. */
  const approveDeposit = async () => {
    const { list } = await operator<{ list: { id: string; account: string }[] }>('/deposits/list', {
      status: 'pending',
      size: 50,
    });
    const row = list.find((r) => r.account === user.account);
    expect(row, 'the pending deposit').toBeDefined();
    await operator('/deposits/decide', { id: row?.id, approve: true });
  };

  beforeAll(async () => {
    await startAt(OPEN);
    browser = await launchBrowser({ viewport: { width: 375, height: 812 } });
    // a new customer as the API makes one: registered, verified, a fund password, ¥400,000 deposited
    await userApi('/user/register', {
      account: user.account,
      pwd: user.password,
      pwd1: user.password,
      inviter: 'KABUTO2026',
    });
    const { token } = await userApi<{ token: string }>('/user/login', user);
    await userApi('/user/setPasswords', { new_pass: FUND_PASSWORD, new_passs: FUND_PASSWORD }, token);
    const [front, back] = [await upload(token), await upload(token)];
    await userApi(
      '/user/shiming',
      { realname: '信用 太郎', id_card: `MG${Date.now()}`, frontcard: front, backcard: back, privacy: '1' },
      token,
    );
    const kyc = await operator<{ list: { id: string; account: string }[] }>('/kyc/list', {
      status: 'pending',
      size: 50,
    });
    await operator('/kyc/decide', {
      id: kyc.list.find((r) => r.account === user.account)?.id,
      approve: true,
    });
    const channels = await userApi<{ id: string; open: boolean }[]>(
      '/common/recharge_channel',
      { type: 'jpy' },
      token,
    );
    const channel = channels.find((c) => c.open) ?? channels[0];
    const dep = await userApi<{ id: string }>(
      '/user/chongzhi',
      {
        money: String(FIRST_DEPOSIT),
        type: 'jpy',
        rjpz: await upload(token),
        channel: channel.id,
        rpassword: CHANNEL_PASSWORD,
      },
      token,
      { 'idempotency-key': randomUUID() },
    );
    await operator('/deposits/decide', { id: dep.id, approve: true });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await desk?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  step(
    'a 3× order without a margin account is refused, and the order sheet links to the application',
    async () => {
      const { page } = browser;
      expect(await openApp(page, server.url)).toBe('login');
      await login(page, user);
      await page.goto(`${server.url}/#/quotes/info?symbol=7203&type=jpy`);
      await page.locator(tid('buy-long')).waitFor();
      await placeOrder(page, { direction: 'long', leverage: 3, quantity: 100 });
      await expectToast(page, jp('margin.accountRequired'));
      await page.locator(tid('order-margin-apply')).click();
      await waitForRoute(page, '/mine/margin');
      await page.locator(tid('margin-form')).waitFor();
      expect(await page.locator(tid('margin-status')).getAttribute('class')).toContain('is-none');
    },
  );

  step('answers the suitability questions, accepts the agreement and applies', async () => {
    const { page } = browser;
    await page.locator(tid('margin-experience-1to3')).click();
    await page.locator(tid('margin-assets-500kto3m')).click();
    await page.locator(tid('margin-income-3mto5m')).click();
    // the agreement not accepted: the server's refusal, translated
    await page.locator(tid('margin-risks')).check();
    await page.locator(tid('margin-submit')).click();
    await expectToast(page, jp('margin.agreementRequired'));
    await page.locator(tid('margin-agree')).check();
    await page.locator(tid('margin-submit')).click();
    await expectToast(page, jp('ok.submitted'));
    await page.locator(`${tid('margin-page')}[data-status="pending"]`).waitFor();
    expect(await page.locator(tid('margin-form')).count()).toBe(0);
    await browser.screenshot('margin-pending');
  });

  step('the operator approves it; the account is open', async () => {
    const { page } = browser;
    const { list } = await operator<{ list: { id: string; account: string; experience: string }[] }>(
      '/margin/list',
      { status: 'pending', size: 50 },
    );
    const row = list.find((r) => r.account === user.account);
    expect(row?.experience).toBe('1to3');
    await operator('/margin/decide', { id: row?.id, approve: true });
    await page.reload();
    await page.locator(`${tid('margin-page')}[data-status="approved"]`).waitFor();
    expect(await page.locator(tid('margin-ratio')).textContent()).toBe('--');
  });

  step('opens a 3× long with all the cash and sees its ratio on the positions screen', async () => {
    const { page } = browser;
    const quote = await apiCall<Reply<{ price: number }>>(page, '/trade/stockdetails', {
      symbol: MOVE.symbol,
      type: 'jpy',
    });
    const lots = lotsFor(quote.data.price, { cash: FIRST_DEPOSIT, leverage: 3 });
    await page.goto(`${server.url}/#/quotes/info?symbol=${MOVE.symbol}&type=jpy`);
    await page.locator(tid('buy-long')).waitFor();
    await placeOrder(page, { direction: 'long', leverage: 3, quantity: lots * 100 });
    await expectToast(page, jp('ok.bought'));
    const state = await margin();
    const book = state.books.find((b) => b.type === 'jpy');
    expect(book?.ratio).not.toBeNull();
    expect(Number(state.line)).toBe(LINE);
    expect(Number(book?.ratio)).toBeGreaterThan(LINE);
    // Where the simulator takes the price by the later clock (the server's own, same seed): the ratio the
    // book is left with is below the line and above the emergency floor, by the long as it was opened.
    const held = (await heldPositions(page)).find((p) => p.stock_code === MOVE.symbol);
    expect(held?.ganggang).toBe('3');
    const then = ratioAfter(
      Number(held?.buy_price),
      MOVE.price,
      Number(held?.stock_num),
      Number(book?.collateral),
    );
    expect(then).toBeLessThan(LINE - 1);
    expect(then).toBeGreaterThan(FLOOR + 1);
    await openScreen(page, server.url, '/position/index');
    await page.locator(`${tid('margin-summary')} ${tid('margin-ratio')}`).waitFor();
    await expect.poll(() => page.locator(tid('margin-ratio')).getAttribute('data-value')).not.toBe('');
    expect(await page.locator(tid('margin-line')).textContent()).toContain(`${state.line}%`);
    expect(await page.locator(tid('margin-call-banner')).count()).toBe(0);
  });

  step(
    'weeks later the simulator has taken the price down: a margin call, shown on every screen',
    async () => {
      const { page } = browser;
      // the same data at the later clock; the new address is a new origin: the user signs in again
      await startAt(new Date(MOVE.at).toISOString());
      expect(await openApp(page, server.url)).toBe('login');
      await login(page, user);
      // the server's price is the simulator's close the test computed
      const quote = await apiCall<Reply<{ price: number }>>(page, '/trade/stockdetails', {
        symbol: MOVE.symbol,
        type: 'jpy',
      });
      expect(quote.data.price).toBe(yen(testSimulator(MOVE.at).priceAt(MOVE.symbol, MOVE.at) ?? 0n));
      // the leader's maintenance round issues the call
      await expect
        .poll(async () => (await margin()).calls.find((c) => c.status === 'open'), { timeout: 30_000 })
        .toBeDefined();
      const state = await margin();
      call = state.calls.find((c) => c.status === 'open');
      if (!call) throw new Error('no open call');
      const book = state.books.find((b) => b.type === 'jpy');
      expect(Number(book?.pnl)).toBeLessThan(0);
      expect(Number(book?.ratio)).toBeLessThan(LINE);
      expect(Number(book?.ratio)).toBeGreaterThan(FLOOR);
      expect(Number(call.amount)).toBeGreaterThan(0);
      // noon of the second trading day after the day of the call, on Tokyo's clock
      const deadline = jst(callDeadline('jpy', localDate('jpy', MOVE.at)) / 1000);
      expect(jst(call.deadline)).toBe(deadline);
      const amountText = `${Number(call.amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}円`;
      for (const path of ['/home/index', '/mine/myPage', '/position/index']) {
        await openScreen(page, server.url, path);
        // a fresh start of the app on the screen (a hash change alone keeps the account read 30 s ago)
        await page.reload();
        const banner = page.locator(tid('margin-call-banner'));
        await banner.waitFor({ timeout: 15_000 });
        expect(await banner.locator(tid('margin-call-banner-amount')).textContent()).toBe(amountText);
        expect(await banner.textContent()).toContain(deadline);
        // the banner fits the narrow screen: nothing wider than the viewport
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      }
      // the positions screen's summary has the call's amount and deadline too
      expect(await page.locator(tid('margin-call-amount')).textContent()).toBe(amountText);
      expect(await page.locator(tid('margin-call-deadline')).textContent()).toContain(deadline);
      await browser.screenshot('margin-call');
    },
  );

  step('the operator sees the open call and its deadline in the back office', async () => {
    if (!call) throw new Error('no open call');
    desk = await launchBrowser({ viewport: { width: 1280, height: 860 } });
    const { page } = desk;
    await adminLogin(page, server.url, OPERATOR.username, OPERATOR.password);
    await page.locator(tid('nav-marginCalls')).click();
    const row = page.locator(`${tid('margin-call-row')}[data-id="${call.id}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('open');
    const deadline = jst(call.deadline).replaceAll('/', '-');
    expect(await row.locator(tid('margin-call-deadline')).textContent()).toBe(`${deadline} JST`);
    expect(await row.textContent()).toContain(user.account);
  });

  step('the operator sets a 逆日歩 on the back office’s page, and the audit log has it', async () => {
    if (!desk) throw new Error('no back office open');
    const { page } = desk;
    await page.locator(tid('nav-marginBorrow')).click();
    await page.locator(tid('margin-borrow-page')).waitFor();
    await page.locator(tid('borrow-symbol')).click();
    await page.keyboard.type('7203');
    await page.locator('.ant-select-item-option').filter({ hasText: '7203' }).first().click();
    await page.locator(tid('borrow-premium')).fill('0.05');
    await page.locator(tid('borrow-reason')).fill('margin browser test: borrow is scarce');
    await page.locator(tid('borrow-submit')).click();
    const row = page.locator(`${tid('borrow-premium-row')}[data-symbol="7203"]`);
    await expect.poll(() => row.locator(tid('borrow-premium-value')).textContent()).toBe('0.05円');
    await page.goto(`${server.url}/admin/index.html#/audit?q=margin.premium`);
    await page.locator(tid('audit-row')).first().waitFor();
    const audit = (await page.locator(tid('audit-table')).textContent()) ?? '';
    expect(audit).toContain('逆日歩の設定');
    expect(audit).toContain('margin browser test: borrow is scarce');
  });

  step('the administrator excludes a stock from short selling and takes it off again, audited', async () => {
    if (!desk) throw new Error('no back office open');
    const { page } = desk;
    await page.goto(`${server.url}/admin/index.html#/margin-borrow`);
    await page.locator(tid('shortable-editor')).waitFor();
    await page.locator(tid('shortable-list-kind')).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '除外' }).click();
    await page.locator(tid('shortable-symbol')).click();
    await page.keyboard.type('9984');
    await page.locator('.ant-select-item-option').filter({ hasText: '9984' }).first().click();
    // the status today, as the order check decides it, shows before adding
    await page.locator(tid('shortable-check')).waitFor();
    await page.locator(tid('shortable-reason')).fill('margin browser test: no borrow left');
    await page.locator(tid('shortable-add')).click();
    const row = page.locator(`${tid('shortable-row')}[data-symbol="9984"]`);
    await row.waitFor();
    expect(await row.locator(tid('shortable-name')).textContent()).toBeTruthy();
    // taken off: the dialog's button waits for a reason
    await row.locator(tid('shortable-remove')).click();
    await page.locator(tid('shortable-remove-reason')).fill('margin browser test: borrow found');
    await clickInDialog(page.locator('.ant-modal-confirm-btns .ant-btn-dangerous'));
    await row.waitFor({ state: 'detached' });
    await page.goto(`${server.url}/admin/index.html#/audit?q=margin.shortable`);
    await page.locator(tid('audit-row')).first().waitFor();
    const audit = (await page.locator(tid('audit-table')).textContent()) ?? '';
    expect(audit).toContain('margin browser test: no borrow left');
    expect(audit).toContain('margin browser test: borrow found');
    await desk.close();
    desk = undefined;
  });

  step('deposits through the banner’s link; once approved the call is met and the banner goes', async () => {
    const { page } = browser;
    if (!call) throw new Error('no open call');
    await page.locator(tid('margin-call-deposit')).click();
    await waitForRoute(page, '/mine/stored');
    // more than the call (the price stays at the close until the open, an hour after the later clock)
    const amount = Math.ceil((Number(call.amount) * 1.5) / 1000) * 1000;
    await page.fill('input[name=money]', String(amount));
    await page.fill('input[name=rpassword]', CHANNEL_PASSWORD);
    await page.locator(tid('deposit-next')).click();
    await waitForRoute(page, '/mine/deposit');
    await pickImage(page, 'deposit-proof', 'transfer.png', makePng(360, 220, [200, 60, 40]));
    await page.locator(tid('deposit-submit')).click();
    await expectToast(page, jp('ok.depositSubmitted'));
    await approveDeposit();
    await expect
      .poll(async () => (await margin()).calls.find((c) => c.id === call?.id)?.status, { timeout: 30_000 })
      .toBe('met');
    await openScreen(page, server.url, '/home/index');
    await page.locator(tid('home-header')).waitFor();
    await expect.poll(() => page.locator(tid('margin-call-banner')).count(), { timeout: 15_000 }).toBe(0);
    await openScreen(page, server.url, '/mine/margin');
    await page.locator(`${tid('margin-call-row')}[data-status="met"]`).waitFor();
    expect(browser.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  });
});
