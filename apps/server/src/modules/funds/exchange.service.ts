import { withTx } from '@kabuto/db';
import {
  type Currency,
  type FxQuote,
  formatFxRate,
  formatPercent,
  formatUnits,
  fxConvert,
  fxQuote,
  type Units,
} from '@kabuto/domain';
import { ledgerAccounts, shardFor } from '@kabuto/ledger';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { checkMinorUnit } from '../../shared/amounts.ts';
import { writeFundRecords } from '../../shared/fund-records.ts';
import { type IdempotencyState, markApplied } from '../../shared/idempotency-keys.ts';
import { transfer } from '../../shared/ledger.ts';
import { newOrderNo } from '../../shared/order-no.ts';
import { loadSettings } from '../../shared/settings.ts';
import * as repo from './funds.repo.ts';
import { exchangeMemo } from './record-words.ts';

const wire = (q: FxQuote, money?: Units, converted?: Units) => ({
  from: q.from,
  to: q.to,
  rate: formatFxRate(q.rate),
  mid: formatFxRate(q.mid),
  spread: formatPercent(q.spreadPpm),
  ...(money !== undefined ? { money: formatUnits(money) } : {}),
  ...(converted !== undefined ? { converted: formatUnits(converted) } : {}),
});

export function exchangeService({ db, clock }: Deps) {
  async function priced(from: Currency, to: Currency, money?: Units) {
    if (from === to) refuse('exchange.sameCurrency');
    if (money !== undefined) checkMinorUnit(money, from);
    const q = fxQuote(await loadSettings(db), from, to, clock.now());
    const converted = money === undefined ? undefined : fxConvert(money, q);
    if (converted !== undefined && converted <= 0n) refuse('exchange.tooSmall');
    return { q, converted };
  }

  /** The rate of a pair now and, with an amount, what would arrive. */
  async function preview(input: { from: Currency; to: Currency; amount?: Units }) {
    const { q, converted } = await priced(input.from, input.to, input.amount);
    return wire(q, input.amount, converted);
  }

  /**
   * Exchange at the current rate: one linked pair of transfers through the platform's FX accounts
   * (user cash[from] → fx[from], fx[to] → user cash[to]), the rate stored with both, two fund records.
   */
  async function exchange(
    userId: bigint,
    input: { amount: Units; from: Currency; to: Currency },
    key?: IdempotencyState,
  ) {
    const { q, converted } = await priced(input.from, input.to, input.amount);
    const received = converted!;
    const now = clock.now();
    const orderNo = newOrderNo('X', now);
    await withTx(db, async (tx) => {
      const rate = formatFxRate(q.rate);
      const row = await repo.insertExchange(tx, {
        order_no: orderNo,
        user_id: userId,
        from_currency: input.from,
        to_currency: input.to,
        from_amount: input.amount,
        to_amount: received,
        rate,
        mid_rate: formatFxRate(q.mid),
        spread_ppm: Number(q.spreadPpm),
        created_at: new Date(now),
      });
      const ref = `exchange:${row.id}`;
      const memo = exchangeMemo(input.from, input.to, rate);
      const shard = shardFor(userId);
      const [fromCash, fromFx, toFx, toCash] = await ledgerAccounts(tx, [
        { owner: userId, currency: input.from, kind: 'cash' },
        { owner: null, currency: input.from, kind: 'fx', shard },
        { owner: null, currency: input.to, kind: 'fx', shard },
        { owner: userId, currency: input.to, kind: 'cash' },
      ]);
      const [out, into] = await transfer(tx, [
        {
          type: 'single',
          debitAccountId: fromCash.id,
          creditAccountId: fromFx.id,
          amount: input.amount,
          currency: input.from,
          code: 'exchange',
          operationRef: ref,
          memo,
        },
        {
          type: 'single',
          debitAccountId: toFx.id,
          creditAccountId: toCash.id,
          amount: received,
          currency: input.to,
          code: 'exchange',
          operationRef: ref,
          memo,
        },
      ]);
      const at = new Date(now);
      await writeFundRecords(tx, [
        {
          userId,
          currency: input.from,
          type: 'exchange',
          orderNo,
          amount: -input.amount,
          transferId: out.id,
          ref,
          memo,
          at,
        },
        {
          userId,
          currency: input.to,
          type: 'exchange',
          orderNo,
          amount: received,
          transferId: into.id,
          ref,
          memo,
          at,
        },
      ]);
      await markApplied(tx, key);
    });
    return { ...wire(q, input.amount, received), order_number: orderNo };
  }

  return { preview, exchange };
}

export type ExchangeService = ReturnType<typeof exchangeService>;
