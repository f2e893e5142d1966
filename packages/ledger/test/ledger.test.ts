import { type DbHandle, withTx } from '@kabuto/db';
import { createTestDb, TEST_DB_KINDS } from '@kabuto/db/testing';
import { units } from '@kabuto/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  AccountFlags,
  type AccountJson,
  accountsOfJson,
  balance,
  balancesOf,
  checkInvariants,
  createTransfer,
  createTransfers,
  ensurePlatformAccounts,
  getTransfer,
  isInsufficientFunds,
  LedgerError,
  type LedgerErrorCode,
  ledgerAccounts,
  lockAccountSet,
  lockLedgerAccounts,
  MAX_AMOUNT,
  openPendingTransfers,
  PLATFORM_ACCOUNT_KINDS,
  PLATFORM_SHARDS,
  platformAccount,
  setAccountClosed,
  shardFor,
  type TransferRequest,
  transferHistory,
  transfersByRef,
  userAccount,
  userAccounts,
  userAccountsJson,
  userBalance,
  userBalances,
} from '../src/index.ts';

describe.each(TEST_DB_KINDS)('ledger on %s', (kind) => {
  let h: DbHandle;
  let nextUser = 1n;
  const newUser = () => nextUser++;

  beforeAll(async () => {
    h = await createTestDb(kind);
  });
  afterAll(async () => {
    await h?.close();
  });

  const run = (requests: TransferRequest[]) => withTx(h.db, (tx) => createTransfers(tx, requests));
  const refused = async (requests: TransferRequest[]): Promise<LedgerError> => {
    const err = await run(requests).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(LedgerError);
    return err as LedgerError;
  };
  const deposit = (to: Account, amount: bigint, bank: Account) =>
    run([
      {
        type: 'single',
        debitAccountId: bank.id,
        creditAccountId: to.id,
        amount,
        currency: to.currency,
        code: 'deposit',
      },
    ]);
  const get = async (a: Account) => (await balance(h.db, a.id))!;
  const expectInvariants = async () => {
    const report = await checkInvariants(h.db);
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
  };

  describe('accounts', () => {
    it('creates user accounts once, with the default flags per kind', async () => {
      const u = newUser();
      const cash = await userAccount(h.db, u, 'jpy', 'cash');
      expect(await userAccount(h.db, u, 'jpy', 'cash')).toEqual(cash);
      expect(cash).toMatchObject({
        owner: u,
        currency: 'jpy',
        kind: 'cash',
        flags: AccountFlags.debitsMustNotExceedCredits,
      });
      expect((await userAccount(h.db, u, 'jpy', 'margin')).flags).toBe(
        AccountFlags.debitsMustNotExceedCredits,
      );
      expect((await userAccount(h.db, u, 'jpy', 'loan')).flags).toBe(AccountFlags.creditsMustNotExceedDebits);
      const usd = await userAccount(h.db, u, 'usd', 'cash');
      expect(usd.id).not.toBe(cash.id);
      expect((await userAccounts(h.db, u)).map((a) => a.id)).toHaveLength(4);
    });

    it('creates each platform account once (owner null is unique too)', async () => {
      const a = await platformAccount(h.db, 'fees', 'krw');
      const b = await platformAccount(h.db, 'fees', 'krw');
      expect(b.id).toBe(a.id);
      expect(a).toMatchObject({ owner: null, kind: 'fees', flags: 0 });
      const all = await ensurePlatformAccounts(h.db, ['krw']);
      expect(all).toHaveLength(PLATFORM_ACCOUNT_KINDS.length);
      expect(all.find((x) => x.kind === 'fees')!.id).toBe(a.id);
    });

    it('spreads a platform account over shards: one row per shard, users always on shard 0', async () => {
      const s0 = await platformAccount(h.db, 'counterparty', 'krw');
      const s5 = await platformAccount(h.db, 'counterparty', 'krw', 5);
      expect(s5.id).not.toBe(s0.id);
      expect((await platformAccount(h.db, 'counterparty', 'krw', 5)).id).toBe(s5.id);
      expect((await platformAccount(h.db, 'counterparty', 'krw', 0)).id).toBe(s0.id);
      expect(shardFor(17n)).toBe(17 % PLATFORM_SHARDS);
      await expect(platformAccount(h.db, 'counterparty', 'krw', PLATFORM_SHARDS)).rejects.toThrow(RangeError);
      await expect(platformAccount(h.db, 'counterparty', 'krw', -1)).rejects.toThrow(RangeError);
      await expect(
        sql`insert into ledger_account (owner, currency, kind, shard) values (1, 'jpy', 'cash', 3)`.execute(
          h.db,
        ),
      ).rejects.toMatchObject({ code: '23514' });
    });

    it('fetches several accounts in one call, in order, creating the missing ones', async () => {
      const u = newUser();
      const cash = await userAccount(h.db, u, 'usd', 'cash');
      const got = await ledgerAccounts(h.db, [
        { owner: null, currency: 'usd', kind: 'fees', shard: 3 },
        { owner: u, currency: 'usd', kind: 'cash' },
        { owner: u, currency: 'usd', kind: 'margin' },
      ]);
      expect(got.map((a) => [a.owner, a.kind])).toEqual([
        [null, 'fees'],
        [u, 'cash'],
        [u, 'margin'],
      ]);
      expect(got[1].id).toBe(cash.id);
      expect(got[0].id).toBe((await platformAccount(h.db, 'fees', 'usd', 3)).id);
      expect(got[2].id).toBe((await userAccount(h.db, u, 'usd', 'margin')).id);
      expect(await ledgerAccounts(h.db, [])).toEqual([]);
      await expect(
        ledgerAccounts(h.db, [{ owner: null, currency: 'usd', kind: 'cash' as never }]),
      ).rejects.toThrow(TypeError);
      await expect(
        ledgerAccounts(h.db, [{ owner: null, currency: 'usd', kind: 'fees', shard: 99 }]),
      ).rejects.toThrow(RangeError);
    });

    it('get-or-create is race-safe', async () => {
      const u = newUser();
      const got = await Promise.all(Array.from({ length: 12 }, () => userAccount(h.db, u, 'cny', 'cash')));
      expect(new Set(got.map((a) => a.id)).size).toBe(1);
    });

    it('refuses an account that breaks the kind/owner rule at the database too', async () => {
      await expect(
        sql`insert into ledger_account (owner, currency, kind) values (null, 'jpy', 'cash')`.execute(h.db),
      ).rejects.toMatchObject({ code: '23514' });
      await expect(
        sql`insert into ledger_account (owner, currency, kind) values (1, 'xxx', 'cash')`.execute(h.db),
      ).rejects.toMatchObject({ code: '23514' });
    });
  });

  describe('transfers', () => {
    let bank: Account;
    beforeAll(async () => {
      bank = await platformAccount(h.db, 'bank', 'jpy');
    });

    it('locks accounts with their balances, in the order asked, creating the missing ones', async () => {
      const u = newUser();
      const cash = await userAccount(h.db, u, 'jpy', 'cash');
      await deposit(cash, units(70), bank);
      const got = await withTx(h.db, (tx) =>
        lockLedgerAccounts(tx, [
          { owner: u, currency: 'jpy', kind: 'margin' },
          { owner: null, currency: 'jpy', kind: 'bank' },
          { owner: u, currency: 'jpy', kind: 'cash' },
        ]),
      );
      expect(got.map((a) => [a.owner, a.kind])).toEqual([
        [u, 'margin'],
        [null, 'bank'],
        [u, 'cash'],
      ]);
      expect(got[0].id).toBe((await userAccount(h.db, u, 'jpy', 'margin')).id);
      expect(got[1].id).toBe(bank.id);
      expect(got[2]).toMatchObject({ id: cash.id, creditsPosted: units(70), debitsPosted: 0n });
      // the existing accounts alone: read in one statement
      const again = await withTx(h.db, (tx) =>
        lockLedgerAccounts(tx, [{ owner: u, currency: 'jpy', kind: 'cash' }]),
      );
      expect(again.map((a) => a.id)).toEqual([cash.id]);
      expect(await withTx(h.db, (tx) => lockLedgerAccounts(tx, []))).toEqual([]);
      await expect(
        lockLedgerAccounts(h.db as never, [{ owner: u, currency: 'jpy', kind: 'cash' }]),
      ).rejects.toThrow('inside a transaction');
    });

    it("locks a batch's accounts as a set: each asked once however often named, found by spec and by id", async () => {
      const u = newUser();
      const cash = await userAccount(h.db, u, 'jpy', 'cash');
      await deposit(cash, units(5), bank);
      const cashSpec = { owner: u, currency: 'jpy', kind: 'cash' } as const;
      const set = await withTx(h.db, (tx) =>
        lockAccountSet(tx, [cashSpec, { owner: null, currency: 'jpy', kind: 'bank' }, { ...cashSpec }]),
      );
      expect([...set.byId.keys()].sort()).toEqual([cash.id, bank.id].sort());
      expect(set.get(cashSpec)).toMatchObject({ id: cash.id, creditsPosted: units(5) });
      expect(set.get({ owner: null, currency: 'jpy', kind: 'bank' }).id).toBe(bank.id);
      expect(() => set.get({ owner: u, currency: 'jpy', kind: 'margin' })).toThrow(
        'not locked for this batch',
      );
    });

    it('locks many missing accounts at once: created together, each as userAccount would, a repeat the same', async () => {
      const owners = Array.from({ length: 50 }, () => newUser());
      const specs = owners.flatMap((o) => [
        { owner: o, currency: 'jpy' as const, kind: 'allotment' as const },
        { owner: o, currency: 'jpy' as const, kind: 'cash' as const },
      ]);
      const got = await withTx(h.db, (tx) =>
        lockLedgerAccounts(tx, [...specs, specs[0], { owner: null, currency: 'jpy', kind: 'bank' }]),
      );
      expect(got).toHaveLength(specs.length + 2);
      expect(got[specs.length].id).toBe(got[0].id);
      expect(got[specs.length + 1].id).toBe(bank.id);
      for (const [i, s] of specs.entries()) {
        const made = await userAccount(h.db, s.owner, s.currency, s.kind);
        expect(got[i]).toEqual(made);
      }
    });

    it('a locked balance stays as read until the transaction ends: a transfer on it waits', async () => {
      const cash = await userAccount(h.db, newUser(), 'jpy', 'cash');
      await deposit(cash, units(10), bank);
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      let read!: () => void;
      const wasRead = new Promise<void>((r) => {
        read = r;
      });
      const order: string[] = [];
      const locker = withTx(h.db, async (tx) => {
        const [a] = await lockLedgerAccounts(tx, [{ owner: cash.owner!, currency: 'jpy', kind: 'cash' }]);
        read();
        await held;
        // nothing moved it while it was held
        expect((await balance(tx as never, a.id))!.creditsPosted).toBe(a.creditsPosted);
        order.push('locker done');
      });
      await wasRead;
      const mover = deposit(cash, units(5), bank).then(() => order.push('deposit done'));
      await new Promise((r) => setTimeout(r, 150));
      expect(order).toEqual([]);
      release();
      await Promise.all([locker, mover]);
      expect(order).toEqual(['locker done', 'deposit done']);
      expect((await get(cash)).creditsPosted).toBe(units(15));
    });

    it('deposits and moves money, with linked flags on batches', async () => {
      const a = await userAccount(h.db, newUser(), 'jpy', 'cash');
      const b = await userAccount(h.db, newUser(), 'jpy', 'cash');
      const [t] = await deposit(a, units(1000), bank);
      expect(t).toMatchObject({
        type: 'single',
        amount: units(1000),
        code: 'deposit',
        flags: 0,
        pendingId: null,
      });
      const batch = await run([
        {
          type: 'single',
          debitAccountId: a.id,
          creditAccountId: b.id,
          amount: units(100),
          currency: 'jpy',
          code: 'adjustment',
        },
        {
          type: 'single',
          debitAccountId: b.id,
          creditAccountId: a.id,
          amount: units(30),
          currency: 'jpy',
          code: 'adjustment',
        },
      ]);
      expect(batch.map((x) => x.flags)).toEqual([1, 0]);
      expect(batch[0].id < batch[1].id).toBe(true);
      expect((await get(a)).available).toBe(units(930));
      expect((await get(b)).available).toBe(units(70));
      expect((await get(bank)).posted).toBeLessThan(0n);
      await expectInvariants();
    });

    it('refuses an overdraft with exceeds_credits on the user cash account', async () => {
      const u = newUser();
      const a = await userAccount(h.db, u, 'jpy', 'cash');
      await deposit(a, units(50), bank);
      const fees = await platformAccount(h.db, 'fees', 'jpy');
      const err = await refused([
        {
          type: 'single',
          debitAccountId: a.id,
          creditAccountId: fees.id,
          amount: units(51),
          currency: 'jpy',
          code: 'fee',
        },
      ]);
      expect(err.code).toBe('exceeds_credits');
      expect(err.account).toMatchObject({ id: a.id, owner: u, kind: 'cash', currency: 'jpy' });
      expect(isInsufficientFunds(err)).toBe(true);
      expect((await get(a)).available).toBe(units(50));
    });

    it('applies a batch all or nothing', async () => {
      const a = await userAccount(h.db, newUser(), 'jpy', 'cash');
      const b = await userAccount(h.db, newUser(), 'jpy', 'cash');
      await deposit(a, units(100), bank);
      const err = await refused([
        {
          type: 'single',
          debitAccountId: a.id,
          creditAccountId: b.id,
          amount: units(60),
          currency: 'jpy',
          code: 'adjustment',
        },
        {
          type: 'single',
          debitAccountId: a.id,
          creditAccountId: b.id,
          amount: units(60),
          currency: 'jpy',
          code: 'adjustment',
        },
      ]);
      expect(err).toMatchObject({ code: 'exceeds_credits', index: 1 });
      expect((await get(a)).available).toBe(units(100));
      expect((await get(b)).available).toBe(0n);
      await expectInvariants();
    });

    it('leaves the caller’s transaction usable after a refusal (nothing was written)', async () => {
      const a = await userAccount(h.db, newUser(), 'jpy', 'cash');
      const b = await userAccount(h.db, newUser(), 'jpy', 'cash');
      await deposit(a, units(10), bank);
      const code = await withTx(h.db, async (tx) => {
        const e = await createTransfers(tx, [
          {
            type: 'single',
            debitAccountId: a.id,
            creditAccountId: b.id,
            amount: units(11),
            currency: 'jpy',
            code: 'fee',
          },
        ]).catch((x: LedgerError) => x);
        await createTransfer(tx, {
          type: 'single',
          debitAccountId: a.id,
          creditAccountId: b.id,
          amount: units(10),
          currency: 'jpy',
          code: 'fee',
        });
        return (e as LedgerError).code;
      });
      expect(code).toBe('exceeds_credits');
      expect((await get(b)).available).toBe(units(10));
    });

    it('reserves with pending, then posts fully, partly, or voids — each once', async () => {
      const u = newUser();
      const cash = await userAccount(h.db, u, 'jpy', 'cash');
      await deposit(cash, units(1000), bank);
      const pend = (amount: bigint, ref: string) =>
        run([
          {
            type: 'pending',
            debitAccountId: cash.id,
            creditAccountId: bank.id,
            amount,
            currency: 'jpy',
            code: 'withdrawal',
            operationRef: ref,
          },
        ]).then(([t]) => t);

      const w1 = await pend(units(300), 'withdrawal:1');
      const w2 = await pend(units(200), 'withdrawal:2');
      const w3 = await pend(units(100), 'withdrawal:3');
      expect(w1.type).toBe('pending');
      let c = await get(cash);
      expect(c.available).toBe(units(400));
      expect(c.posted).toBe(units(1000));
      expect(c.debitsPending).toBe(units(600));
      expect(await userBalance(h.db, u, 'jpy')).toMatchObject({
        available: units(400),
        reserved: units(600),
        total: units(1000),
      });
      expect((await openPendingTransfers(h.db, { userId: u })).map((t) => t.id)).toEqual([
        w1.id,
        w2.id,
        w3.id,
      ]);

      // the reservation counts: a debit beyond available is refused
      expect(
        (
          await refused([
            {
              type: 'single',
              debitAccountId: cash.id,
              creditAccountId: bank.id,
              amount: units(401),
              currency: 'jpy',
              code: 'withdrawal',
            },
          ])
        ).code,
      ).toBe('exceeds_credits');

      const [p1] = await run([{ type: 'post', pendingId: w1.id, operationRef: 'withdrawal:1' }]);
      expect(p1).toMatchObject({ type: 'post', amount: units(300), pendingId: w1.id, code: 'withdrawal' });
      const [p2] = await run([{ type: 'post', pendingId: w2.id, amount: units(150) }]);
      expect(p2.amount).toBe(units(150));
      const [v3] = await run([{ type: 'void', pendingId: w3.id, memo: 'rejected: name mismatch' }]);
      expect(v3).toMatchObject({ type: 'void', amount: units(100), memo: 'rejected: name mismatch' });

      c = await get(cash);
      expect(c.debitsPending).toBe(0n);
      expect(c.available).toBe(units(550)); // 1000 − 300 − 150; 50 of w2 and all of w3 released
      expect(await openPendingTransfers(h.db, { accountId: cash.id })).toEqual([]);

      for (const [req, code] of [
        [{ type: 'post', pendingId: w1.id }, 'pending_already_resolved'],
        [{ type: 'void', pendingId: w2.id }, 'pending_already_resolved'],
        [{ type: 'post', pendingId: w3.id }, 'pending_already_resolved'],
        [{ type: 'post', pendingId: p1.id }, 'pending_not_found'],
        [{ type: 'void', pendingId: 987654321n }, 'pending_not_found'],
      ] as [TransferRequest, LedgerErrorCode][]) {
        expect((await refused([req])).code).toBe(code);
      }
      expect((await transfersByRef(h.db, 'withdrawal:1')).map((t) => t.type)).toEqual(['pending', 'post']);
      await expectInvariants();
    });

    it('refuses posting more than pending, zero, or the same pending twice in one batch', async () => {
      const cash = await userAccount(h.db, newUser(), 'jpy', 'cash');
      await deposit(cash, units(10), bank);
      const [p] = await run([
        {
          type: 'pending',
          debitAccountId: cash.id,
          creditAccountId: bank.id,
          amount: units(5),
          currency: 'jpy',
          code: 'withdrawal',
        },
      ]);
      expect((await refused([{ type: 'post', pendingId: p.id, amount: units(5) + 1n }])).code).toBe(
        'amount_exceeds_pending',
      );
      expect((await refused([{ type: 'post', pendingId: p.id, amount: 0n }])).code).toBe('invalid_amount');
      const twice = await refused([
        { type: 'post', pendingId: p.id, amount: 1n },
        { type: 'void', pendingId: p.id },
      ]);
      expect(twice).toMatchObject({ code: 'pending_already_resolved', index: 1 });
      expect((await get(cash)).debitsPending).toBe(units(5));
    });

    it('refuses malformed transfers with typed codes', async () => {
      const cash = await userAccount(h.db, newUser(), 'jpy', 'cash');
      const usd = await userAccount(h.db, newUser(), 'usd', 'cash');
      const base = {
        type: 'single',
        debitAccountId: bank.id,
        creditAccountId: cash.id,
        currency: 'jpy',
        code: 'deposit',
      } as const;
      const cases: [TransferRequest, LedgerErrorCode][] = [
        [{ ...base, amount: 0n }, 'invalid_amount'],
        [{ ...base, amount: -1n }, 'invalid_amount'],
        [{ ...base, amount: MAX_AMOUNT + 1n }, 'invalid_amount'],
        [{ ...base, amount: 1n, code: 'nope' as 'fee' }, 'invalid_code'],
        [{ ...base, amount: 1n, creditAccountId: bank.id }, 'same_account'],
        [{ ...base, amount: 1n, creditAccountId: 424242424242n }, 'account_not_found'],
        [{ ...base, amount: 1n, creditAccountId: usd.id }, 'currency_mismatch'],
        [{ ...base, amount: 1n, currency: 'usd' as const }, 'currency_mismatch'],
      ];
      for (const [req, code] of cases) expect((await refused([req])).code, code).toBe(code);
      await expect(createTransfers(h.db as never, [{ ...base, amount: 1n }])).rejects.toThrow(/transaction/);
      expect(await withTx(h.db, (tx) => createTransfers(tx, []))).toEqual([]);
    });

    it('refuses transfers and posts on a closed account, but lets a void release', async () => {
      const cash = await userAccount(h.db, newUser(), 'jpy', 'cash');
      await deposit(cash, units(10), bank);
      const [p1] = await run([
        {
          type: 'pending',
          debitAccountId: cash.id,
          creditAccountId: bank.id,
          amount: units(2),
          currency: 'jpy',
          code: 'withdrawal',
        },
      ]);
      const [p2] = await run([
        {
          type: 'pending',
          debitAccountId: cash.id,
          creditAccountId: bank.id,
          amount: units(3),
          currency: 'jpy',
          code: 'withdrawal',
        },
      ]);
      const closed = await withTx(h.db, (tx) => setAccountClosed(tx, cash.id, true));
      expect(closed.flags & AccountFlags.closed).toBe(AccountFlags.closed);
      const e1 = await refused([
        {
          type: 'single',
          debitAccountId: bank.id,
          creditAccountId: cash.id,
          amount: 1n,
          currency: 'jpy',
          code: 'deposit',
        },
      ]);
      expect(e1).toMatchObject({ code: 'account_closed', account: { id: cash.id } });
      expect((await refused([{ type: 'post', pendingId: p1.id }])).code).toBe('account_closed');
      await run([{ type: 'void', pendingId: p1.id }]);
      await withTx(h.db, (tx) => setAccountClosed(tx, cash.id, false));
      await run([{ type: 'post', pendingId: p2.id }]);
      expect((await get(cash)).available).toBe(units(7));
      await expect(withTx(h.db, (tx) => setAccountClosed(tx, 777777777n, true))).rejects.toMatchObject({
        code: 'account_not_found',
      });
    });

    it('keeps a loan from being repaid beyond what is owed (exceeds_debits)', async () => {
      const u = newUser();
      const cash = await userAccount(h.db, u, 'usd', 'cash');
      const loan = await userAccount(h.db, u, 'usd', 'loan');
      const usdBank = await platformAccount(h.db, 'bank', 'usd');
      await deposit(cash, units(100), usdBank);
      await run([
        {
          type: 'single',
          debitAccountId: loan.id,
          creditAccountId: cash.id,
          amount: units(50),
          currency: 'usd',
          code: 'loan',
        },
      ]);
      expect(await userBalance(h.db, u, 'usd')).toMatchObject({ available: units(150), owed: units(50) });
      const err = await refused([
        {
          type: 'single',
          debitAccountId: cash.id,
          creditAccountId: loan.id,
          amount: units(51),
          currency: 'usd',
          code: 'repay',
        },
      ]);
      expect(err).toMatchObject({ code: 'exceeds_debits', account: { id: loan.id, kind: 'loan' } });
      await run([
        {
          type: 'single',
          debitAccountId: cash.id,
          creditAccountId: loan.id,
          amount: units(50),
          currency: 'usd',
          code: 'repay',
        },
      ]);
      expect((await userBalance(h.db, u, 'usd')).owed).toBe(0n);
    });

    it('refuses a balance beyond int8 with overflow', async () => {
      const fx = await platformAccount(h.db, 'fx', 'vnd');
      const vndBank = await platformAccount(h.db, 'bank', 'vnd');
      await run([
        {
          type: 'single',
          debitAccountId: vndBank.id,
          creditAccountId: fx.id,
          amount: MAX_AMOUNT,
          currency: 'vnd',
          code: 'adjustment',
        },
      ]);
      const err = await refused([
        {
          type: 'single',
          debitAccountId: vndBank.id,
          creditAccountId: fx.id,
          amount: 1n,
          currency: 'vnd',
          code: 'adjustment',
        },
      ]);
      expect(err).toMatchObject({ code: 'overflow' });
      await expectInvariants();
    });

    it('pages a user’s and an account’s history, newest first', async () => {
      const u = newUser();
      const cash = await userAccount(h.db, u, 'jpy', 'cash');
      const margin = await userAccount(h.db, u, 'jpy', 'margin');
      for (let i = 1; i <= 5; i++) await deposit(cash, units(i), bank);
      await run([
        {
          type: 'single',
          debitAccountId: cash.id,
          creditAccountId: margin.id,
          amount: units(2),
          currency: 'jpy',
          code: 'margin_hold',
        },
      ]);
      const first = await transferHistory(h.db, { userId: u }, { limit: 4 });
      expect(first.items.map((t) => t.code)).toEqual(['margin_hold', 'deposit', 'deposit', 'deposit']);
      expect(first.items[0]).toMatchObject({
        debitAccount: { id: cash.id, owner: u, kind: 'cash' },
        creditAccount: { id: margin.id, owner: u, kind: 'margin' },
      });
      expect(first.nextBefore).toBe(first.items[3].id);
      const second = await transferHistory(h.db, { userId: u }, { limit: 4, before: first.nextBefore! });
      expect(second.items.map((t) => t.amount)).toEqual([units(2), units(1)]);
      expect(second.nextBefore).toBeNull();
      const marginOnly = await transferHistory(h.db, { accountId: margin.id });
      expect(marginOnly.items).toHaveLength(1);
      const deposits = await transferHistory(
        h.db,
        { userId: u, currency: 'jpy' },
        { codes: ['deposit'], limit: 100 },
      );
      expect(deposits.items).toHaveLength(5);
      expect(await transferHistory(h.db, { userId: u, currency: 'usd' })).toEqual({
        items: [],
        nextBefore: null,
      });
      expect(await getTransfer(h.db, first.items[0].id)).toMatchObject({ code: 'margin_hold' });
      const balances = await userBalances(h.db, u, ['usd']);
      expect(balances.map((b) => [b.currency, b.available, b.margin, b.total])).toEqual([
        ['jpy', units(13), units(2), units(15)],
        ['usd', 0n, 0n, 0n],
      ]);
    });

    it('reads the same balances as one JSON column of a larger query, every digit kept', async () => {
      const u = newUser();
      const bank = await platformAccount(h.db, 'bank', 'jpy');
      const cash = await userAccount(h.db, u, 'jpy', 'cash');
      // past 2^53 units: a JSON number would round it
      const big = 2n ** 53n + 7n;
      await deposit(cash, big, bank);
      const one = (
        await sql<{ id: bigint; accounts: AccountJson[] | null }>`select ${u}::bigint as id,
        ${userAccountsJson(sql<bigint>`${u}::bigint`)} as accounts`.execute(h.db)
      ).rows[0];
      const viaJson = balancesOf(accountsOfJson(one.accounts), ['usd']);
      expect(viaJson).toEqual(await userBalances(h.db, u, ['usd']));
      expect(viaJson[0].available).toBe(big);
      const none = (
        await sql<{ accounts: AccountJson[] | null }>`select
        ${userAccountsJson(sql<bigint>`${newUser()}::bigint`)} as accounts`.execute(h.db)
      ).rows[0];
      expect(balancesOf(accountsOfJson(none.accounts), ['jpy'])).toEqual(
        await userBalances(h.db, -1n, ['jpy']),
      );
    });
  });

  it('a day-trading line and the margin it pays add up whichever account was opened first', () => {
    const acc = (id: string, kind: string, credits: string, debits = '0'): AccountJson => ({
      id,
      owner: '7',
      currency: 'jpy',
      kind,
      flags: 0,
      debits_pending: '0',
      debits_posted: debits,
      credits_pending: '0',
      credits_posted: credits,
    });
    const line = acc('1', 'day_trade', '10000000', '1500000');
    const margin = acc('2', 'margin', '1500000');
    for (const order of [
      [line, margin],
      [margin, line],
    ])
      expect(balancesOf(accountsOfJson(order))[0].margin).toBe(10_000_000n);
  });

  describe('database guards', () => {
    it('refuses UPDATE, DELETE and TRUNCATE of transfers', async () => {
      const bank = await platformAccount(h.db, 'bank', 'thb');
      const cash = await userAccount(h.db, newUser(), 'thb', 'cash');
      await deposit(cash, units(1), bank);
      await expect(sql`update ledger_transfer set amount = amount + 1`.execute(h.db)).rejects.toThrow(
        /append-only/,
      );
      await expect(sql`delete from ledger_transfer`.execute(h.db)).rejects.toThrow(/append-only/);
      await expect(sql`truncate ledger_transfer cascade`.execute(h.db)).rejects.toThrow(/append-only/);
    });

    it('refuses a second resolution of a pending transfer even bypassing the code', async () => {
      const bank = await platformAccount(h.db, 'bank', 'hkd');
      const cash = await userAccount(h.db, newUser(), 'hkd', 'cash');
      await deposit(cash, units(5), bank);
      const [p] = await run([
        {
          type: 'pending',
          debitAccountId: cash.id,
          creditAccountId: bank.id,
          amount: units(1),
          currency: 'hkd',
          code: 'withdrawal',
        },
      ]);
      await run([{ type: 'void', pendingId: p.id }]);
      await expect(
        sql`insert into ledger_transfer (debit_account, credit_account, amount, currency, code, flags, pending_id)
            values (${cash.id}, ${bank.id}, 1, 'hkd', 'withdrawal', 4, ${p.id})`.execute(h.db),
      ).rejects.toMatchObject({ code: '23505' });
    });

    it('refuses an overdraft written by hand (check constraint) and a cross-currency transfer row', async () => {
      const bank = await platformAccount(h.db, 'bank', 'myr');
      const cash = await userAccount(h.db, newUser(), 'myr', 'cash');
      await expect(
        sql`update ledger_account set debits_posted = 1 where id = ${cash.id}`.execute(h.db),
      ).rejects.toMatchObject({ code: '23514' });
      await expect(
        sql`insert into ledger_transfer (debit_account, credit_account, amount, currency, code)
            values (${bank.id}, ${cash.id}, 1, 'jpy', 'deposit')`.execute(h.db),
      ).rejects.toMatchObject({ code: '23503' });
    });
  });

  describe('checkInvariants', () => {
    it('with minor units: reports user cash holding a fraction of a yen or cent, not whole amounts', async () => {
      const minorUnits = { jpy: 10_000n, usd: 100n };
      const user = newUser();
      const yen = await userAccount(h.db, user, 'jpy', 'cash');
      const usd = await userAccount(h.db, user, 'usd', 'cash');
      const fees = await platformAccount(h.db, 'fees', 'jpy');
      const feesUsd = await platformAccount(h.db, 'fees', 'usd');
      const move = (debit: Account, credit: Account, amount: bigint) =>
        run([
          {
            type: 'single',
            debitAccountId: debit.id,
            creditAccountId: credit.id,
            amount,
            currency: debit.currency,
            code: 'deposit',
          },
        ]);
      await move(fees, yen, 20_000n);
      await move(feesUsd, usd, 200n);
      // (earlier tests of this file move any amount into their users' cash: only these two accounts count)
      const mine = async (o?: { minorUnits: typeof minorUnits }) =>
        (await checkInvariants(h.db, o)).violations.filter(
          (v) => 'accountId' in v && (v.accountId === yen.id || v.accountId === usd.id),
        );
      expect(await mine({ minorUnits })).toEqual([]);
      // ¥0.5 more: the yen cash is fractional; the platform's account may hold fractions
      await move(fees, yen, 5_000n);
      await move(feesUsd, usd, 1n);
      expect(await mine({ minorUnits })).toEqual([
        expect.objectContaining({
          kind: 'fractional_cash',
          accountId: yen.id,
          currency: 'jpy',
          balance: 25_000n,
        }),
        expect.objectContaining({
          kind: 'fractional_cash',
          accountId: usd.id,
          currency: 'usd',
          balance: 201n,
        }),
      ]);
      // without minor units (the model tests move any amount) it is not checked
      expect(await mine()).toEqual([]);
      await move(yen, fees, 5_000n);
      await move(usd, feesUsd, 1n);
      expect(await mine({ minorUnits })).toEqual([]);
    });

    it('reports a balance edited by hand', async () => {
      await expectInvariants();
      const fees = await platformAccount(h.db, 'fees', 'twd');
      // Simulate corruption: move a platform balance without a transfer (platform accounts have no flags).
      await sql`update ledger_account set credits_posted = credits_posted + 7 where id = ${fees.id}`.execute(
        h.db,
      );
      const report = await checkInvariants(h.db);
      expect(report.ok).toBe(false);
      expect(report.violations).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'unbalanced',
            currency: 'twd',
            side: 'posted',
            debits: 0n,
            credits: 7n,
          }),
          expect.objectContaining({
            kind: 'balance_mismatch',
            accountId: fees.id,
            column: 'credits_posted',
            stored: 7n,
            recomputed: 0n,
          }),
        ]),
      );
      // Repair for the next tests, the same way.
      await sql`update ledger_account set credits_posted = credits_posted - 7 where id = ${fees.id}`.execute(
        h.db,
      );
      await expectInvariants();
    });

    it('recomputes pending balances (an open pending counts, a resolved one not) and counts every transfer', async () => {
      await expectInvariants();
      const cash = await userAccount(h.db, newUser(), 'krw', 'cash');
      const bankKrw = await platformAccount(h.db, 'bank', 'krw');
      await deposit(cash, 1_000n, bankKrw);
      const pend = async () =>
        (
          await run([
            {
              type: 'pending',
              debitAccountId: cash.id,
              creditAccountId: bankKrw.id,
              amount: 100n,
              currency: 'krw',
              code: 'withdrawal',
            },
          ])
        )[0];
      await pend();
      const done = await pend();
      await run([{ type: 'post', pendingId: done.id, amount: 60n }]);
      const report = await checkInvariants(h.db);
      expect(report.violations).toEqual([]);
      const { rows } = await sql<{ n: string }>`select count(*)::text as n from ledger_transfer`.execute(
        h.db,
      );
      expect(report.transfers).toBe(Number(rows[0].n));
      // the open pending's 100 is all that is pending on either side; 60 posted of the resolved one
      expect(await get(cash)).toMatchObject({ debitsPending: 100n, posted: 1_000n - 60n });
      await sql`update ledger_account set credits_pending = credits_pending + 100 where id = ${bankKrw.id}`.execute(
        h.db,
      );
      expect((await checkInvariants(h.db)).violations).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'balance_mismatch',
            accountId: bankKrw.id,
            column: 'credits_pending',
            stored: 200n,
            recomputed: 100n,
          }),
        ]),
      );
      await sql`update ledger_account set credits_pending = credits_pending - 100 where id = ${bankKrw.id}`.execute(
        h.db,
      );
      await expectInvariants();
    });
  });
});
