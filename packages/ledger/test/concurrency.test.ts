/**
 * Many clients at once on the same accounts, on real PostgreSQL (skipped without DATABASE_URL):
 * no overdraft, each pending resolved once, no deadlock thanks to id-ordered locking.
 */
import { type DbHandle, type Tx, withTx } from '@kabuto/db';
import { createTestDb } from '@kabuto/db/testing';
import { units } from '@kabuto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  balance,
  checkInvariants,
  createTransfers,
  isLedgerError,
  platformAccount,
  type TransferRequest,
  userAccount,
} from '../src/index.ts';

describe.skipIf(!process.env.DATABASE_URL)('ledger under concurrency (PostgreSQL)', () => {
  let h: DbHandle;
  let bank: Account;
  let nextUser = 1n;
  const cash = () => userAccount(h.db, nextUser++, 'jpy', 'cash');

  beforeAll(async () => {
    h = await createTestDb('postgres', { poolSize: 32 });
    bank = await platformAccount(h.db, 'bank', 'jpy');
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Run `n` transactions at once; count attempts (a retry after a deadlock is a second attempt). */
  async function race<T>(n: number, fn: (i: number, tx: Tx) => Promise<T>) {
    let attempts = 0;
    const results = await Promise.allSettled(
      Array.from({ length: n }, (_, i) =>
        withTx(h.db, (tx) => {
          attempts++;
          return fn(i, tx);
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    return { ok, errors, attempts };
  }

  const fund = (to: Account, amount: bigint) =>
    withTx(h.db, (tx) =>
      createTransfers(tx, [
        {
          type: 'single',
          debitAccountId: bank.id,
          creditAccountId: to.id,
          amount,
          currency: 'jpy',
          code: 'deposit',
        },
      ]),
    );

  const expectInvariants = async () => {
    const r = await checkInvariants(h.db);
    expect(r.violations).toEqual([]);
  };

  it('50 concurrent debits where only 10 fit: exactly 10 succeed, no overdraft', async () => {
    const from = await cash();
    await fund(from, units(10_000));
    const sinks = await Promise.all(Array.from({ length: 5 }, () => cash()));
    const { ok, errors } = await race(50, (i, tx) =>
      createTransfers(tx, [
        {
          type: 'single',
          debitAccountId: from.id,
          creditAccountId: sinks[i % 5].id,
          amount: units(1_000),
          currency: 'jpy',
          code: 'adjustment',
        },
      ]),
    );
    expect(ok).toBe(10);
    expect(errors).toHaveLength(40);
    expect(errors.every((e) => isLedgerError(e, 'exceeds_credits'))).toBe(true);
    const b = (await balance(h.db, from.id))!;
    expect(b.available).toBe(0n);
    expect(b.debitsPosted).toBe(units(10_000));
    await expectInvariants();
  });

  it('50 concurrent reservations where only 7 fit, then concurrent voids release them all', async () => {
    const from = await cash();
    await fund(from, units(7_500));
    const reserve = await race(50, (_i, tx) =>
      createTransfers(tx, [
        {
          type: 'pending',
          debitAccountId: from.id,
          creditAccountId: bank.id,
          amount: units(1_000),
          currency: 'jpy',
          code: 'withdrawal',
        },
      ]),
    );
    expect(reserve.ok).toBe(7);
    expect((await balance(h.db, from.id))!.available).toBe(units(500));
    const pendings = (
      await h.db
        .selectFrom('ledger_transfer')
        .select('id')
        .where('debit_account', '=', from.id)
        .where('flags', '=', 2)
        .execute()
    ).map((r) => r.id);
    expect(pendings).toHaveLength(7);
    const voids = await race(7, (i, tx) => createTransfers(tx, [{ type: 'void', pendingId: pendings[i] }]));
    expect(voids.ok).toBe(7);
    expect((await balance(h.db, from.id))!.available).toBe(units(7_500));
    await expectInvariants();
  });

  it('one pending, 30 concurrent posts and voids: exactly one resolves it', async () => {
    const from = await cash();
    await fund(from, units(100));
    const [p] = await withTx(h.db, (tx) =>
      createTransfers(tx, [
        {
          type: 'pending',
          debitAccountId: from.id,
          creditAccountId: bank.id,
          amount: units(60),
          currency: 'jpy',
          code: 'withdrawal',
        },
      ]),
    );
    const { ok, errors } = await race(30, (i, tx) =>
      createTransfers(tx, [
        i % 2 ? { type: 'post', pendingId: p.id, amount: units(10 + i) } : { type: 'void', pendingId: p.id },
      ]),
    );
    expect(ok).toBe(1);
    expect(errors.every((e) => isLedgerError(e, 'pending_already_resolved'))).toBe(true);
    const resolutions = await h.db
      .selectFrom('ledger_transfer')
      .select('id')
      .where('pending_id', '=', p.id)
      .execute();
    expect(resolutions).toHaveLength(1);
    await expectInvariants();
  });

  it('A→B and B→A at once, and batches over overlapping accounts in opposite orders: no deadlock', async () => {
    const [a, b, c] = [await cash(), await cash(), await cash()];
    for (const x of [a, b, c]) await fund(x, units(1_000));
    const n = 120;
    const { ok, errors, attempts } = await race(n, (i, tx) => {
      const one = (d: Account, cr: Account): TransferRequest => ({
        type: 'single',
        debitAccountId: d.id,
        creditAccountId: cr.id,
        amount: units(1),
        currency: 'jpy',
        code: 'adjustment',
      });
      switch (i % 4) {
        case 0:
          return createTransfers(tx, [one(a, b)]);
        case 1:
          return createTransfers(tx, [one(b, a)]);
        case 2:
          return createTransfers(tx, [one(a, b), one(b, c), one(c, a)]);
        default:
          return createTransfers(tx, [one(c, b), one(b, a), one(a, c)]);
      }
    });
    expect(errors).toEqual([]);
    expect(ok).toBe(n);
    // Locks are taken in id order, so no transaction ever deadlocked and had to be retried.
    expect(attempts).toBe(n);
    for (const x of [a, b, c]) expect((await balance(h.db, x.id))!.available).toBe(units(1_000));
    await expectInvariants();
  });

  it('concurrent get-or-create of one account yields one row', async () => {
    const user = nextUser++;
    const got = await Promise.all(Array.from({ length: 30 }, () => userAccount(h.db, user, 'krw', 'margin')));
    expect(new Set(got.map((a) => a.id)).size).toBe(1);
    const inTx = await race(20, (_i, tx) => platformAccount(tx, 'products', 'krw'));
    expect(inTx.ok).toBe(20);
    const rows = await h.db
      .selectFrom('ledger_account')
      .select('id')
      .where('owner', 'is', null)
      .where('kind', '=', 'products')
      .where('currency', '=', 'krw')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('a transfer storm between 20 users keeps every invariant', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => cash()));
    for (const u of users) await fund(u, units(100));
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const plan = Array.from({ length: 400 }, () => {
      const d = users[rnd(20)];
      let c = users[rnd(20)];
      if (c.id === d.id) c = users[(users.indexOf(d) + 1) % 20];
      return { d, c, amount: units(1 + rnd(40)) };
    });
    const { ok, errors, attempts } = await race(plan.length, (i, tx) =>
      createTransfers(tx, [
        {
          type: 'single',
          debitAccountId: plan[i].d.id,
          creditAccountId: plan[i].c.id,
          amount: plan[i].amount,
          currency: 'jpy',
          code: 'adjustment',
        },
      ]),
    );
    expect(errors.every((e) => isLedgerError(e, 'exceeds_credits'))).toBe(true);
    expect(ok + errors.length).toBe(plan.length);
    expect(attempts).toBe(plan.length);
    let total = 0n;
    for (const u of users) {
      const b = (await balance(h.db, u.id))!;
      expect(b.available >= 0n).toBe(true);
      total += b.available;
    }
    expect(total).toBe(units(2_000));
    await expectInvariants();
  });
});
