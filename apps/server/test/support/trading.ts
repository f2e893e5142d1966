import { withTx } from '@kabuto/db';
import { type Currency, MINOR_UNIT, parseUnits } from '@kabuto/domain';
import { checkInvariants, createTransfers, platformAccount, userAccount } from '@kabuto/ledger';
import type { CallPrint, Quote } from '@kabuto/market';
import { expect } from 'vitest';
import { writeFundRecords } from '../../src/shared/fund-records.ts';
import { expectOk, type Session, type TestApp } from './app.ts';

/** The user id behind a session. */
export async function userIdOf(t: TestApp, s: { account: string }): Promise<bigint> {
  const row = await t.db
    .selectFrom('app_user')
    .select('id')
    .where('account', '=', s.account)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Credits a user's cash through the ledger (bank → cash, a deposit fund record), as an approved deposit does. */
export async function fund(
  t: TestApp,
  s: { account: string },
  currency: Currency,
  amount: string,
): Promise<void> {
  const userId = await userIdOf(t, s);
  const units = parseUnits(amount);
  if (units === null || units <= 0n) throw new Error(`bad amount ${amount}`);
  await withTx(t.db, async (tx) => {
    const bank = await platformAccount(tx as never, 'bank', currency);
    const cash = await userAccount(tx as never, userId, currency, 'cash');
    const [tr] = await createTransfers(tx, [
      {
        type: 'single',
        debitAccountId: bank.id,
        creditAccountId: cash.id,
        amount: units,
        currency,
        code: 'deposit',
        operationRef: `test-deposit:${userId}`,
      },
    ]);
    await writeFundRecords(tx, [
      {
        userId,
        currency,
        type: 'deposit',
        orderNo: `TEST${tr.id}`,
        amount: units,
        transferId: tr.id,
        at: new Date(t.clock.now()),
      },
    ]);
  });
}

/**
 * An approved margin account for a user, written directly (as the review's approval leaves it): the
 * margin tests apply and have the operator approve through the API instead.
 */
export async function openMarginAccount(t: TestApp, s: { account: string }): Promise<void> {
  const userId = await userIdOf(t, s);
  const at = new Date(t.clock.now());
  await t.db
    .insertInto('margin_account')
    .values({
      user_id: userId,
      status: 1,
      experience: 'over3',
      assets: '3mto10m',
      income: '5mto10m',
      risks_understood: true,
      agreed_at: at,
      created_at: at,
      decided_at: at,
    })
    .execute();
}

/**
 * A new user with a fund password, (optionally) money in some wallets, and an approved margin account
 * (so leverage and shorts are open to it) unless `margin: false`.
 */
export async function trader(
  t: TestApp,
  money: Partial<Record<Currency, string>> = {},
  opts: { margin?: boolean } = {},
): Promise<Session> {
  const s = await t.newUser('tr');
  expectOk(
    await t.call('/user/setPasswords', { new_pass: '112233', new_passs: '112233' }, { token: s.token }),
  );
  for (const [c, a] of Object.entries(money)) await fund(t, s, c as Currency, a as string);
  if (opts.margin !== false) await openMarginAccount(t, s);
  return s;
}

/** The available cash of a wallet as getUserinfo reports it. */
export async function available(t: TestApp, s: Session, type = 'jpy'): Promise<string> {
  const info = expectOk(await t.call('/user/getUserinfo', { type }, { token: s.token }));
  return info[type] as string;
}

export async function expectLedgerSound(t: TestApp): Promise<void> {
  const report = await checkInvariants(t.db, { minorUnits: MINOR_UNIT });
  expect(report.violations).toEqual([]);
  expect(report.ok).toBe(true);
}

/**
 * Pins the price of symbols (the simulator is deterministic but not steerable): quote() and quotes()
 * return the pinned price until released, and so does every call auction's print (callPrint), with
 * `callVolume` shares when given. Returns a release function.
 */
export function pinPrices(
  t: TestApp,
  prices: Record<string, bigint>,
  opts: { callVolume?: bigint } = {},
): () => void {
  const market = t.app.kabuto.market as unknown as {
    quote: (s: string) => Quote | null;
    quotes: (s: readonly string[]) => Quote[];
    callPrint: (s: string, at: number) => CallPrint | null;
  };
  const quote = market.quote;
  const quotes = market.quotes;
  const callPrint = market.callPrint;
  market.callPrint = (s, at) => {
    const p = callPrint.call(market, s, at);
    if (prices[s] === undefined) return p;
    const q = quote.call(market, s);
    return {
      price: prices[s],
      volume: opts.callVolume ?? p?.volume ?? 0n,
      limitUp: p?.limitUp ?? q?.limitUp ?? null,
      limitDown: p?.limitDown ?? q?.limitDown ?? null,
    };
  };
  const pin = (q: Quote | null): Quote | null =>
    q && prices[q.symbol] !== undefined
      ? {
          ...q,
          price: prices[q.symbol],
          change: prices[q.symbol] - q.preClose,
          // the day's low is never above the last price
          low: q.low > 0n && q.low < prices[q.symbol] ? q.low : prices[q.symbol],
        }
      : q;
  market.quote = (s) => pin(quote.call(market, s));
  market.quotes = (list) => quotes.call(market, list).map((q) => pin(q) as Quote);
  return () => {
    market.quote = quote;
    market.quotes = quotes;
    market.callPrint = callPrint;
  };
}
