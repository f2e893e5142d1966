import type { Tx } from '@kabuto/db';
import { type Currency, FX_RATE_SCALE, formatFxRate, MINOR_UNIT, roundTo, type Units } from '@kabuto/domain';
import { availableBalance, lockLedgerAccounts, shardFor, type TransferRequest } from '@kabuto/ledger';
import { type FundRecordInput, writeFundRecords } from '../../shared/fund-records.ts';
import { transfer } from '../../shared/ledger.ts';
import type { ClosedPosition, CloseFacts } from './tax.service.ts';

/**
 * Withhold (positive) or refund (negative) the two parts between the user's yen cash and the platform's
 * `tax_withheld` account. A foreign sale whose yen wallet cannot pay the withholding exchanges the
 * shortfall out of the sale's currency at the TTM first.
 */
export async function moveTax(
  tx: Tx,
  pos: ClosedPosition,
  c: CloseFacts,
  currency: Currency,
  ttm: bigint,
  national: Units,
  local: Units,
): Promise<{ national: bigint | null; local: bigint | null }> {
  if (national === 0n && local === 0n) return { national: null, local: null };
  const shard = shardFor(pos.user_id);
  const ref = `tax:${pos.order_no}`;
  const at = new Date(c.now);
  const [cash, taxAcc] = await lockLedgerAccounts(tx, [
    { owner: pos.user_id, currency: 'jpy', kind: 'cash' },
    { owner: null, currency: 'jpy', kind: 'tax_withheld', shard },
  ]);
  const withheld = (national > 0n ? national : 0n) + (local > 0n ? local : 0n);
  const shortfall = withheld - availableBalance(cash);
  const reqs: TransferRequest[] = [];
  const records: Omit<FundRecordInput, 'transferId'>[] = [];
  const base = {
    userId: pos.user_id,
    orderNo: pos.order_no,
    stockName: c.stockName,
    stockCode: pos.symbol,
    at,
  };
  if (currency !== 'jpy' && shortfall > 0n) {
    const [foreign, fxForeign, fxYen] = await lockLedgerAccounts(tx, [
      { owner: pos.user_id, currency, kind: 'cash' },
      { owner: null, currency, kind: 'fx', shard },
      { owner: null, currency: 'jpy', kind: 'fx', shard },
    ]);
    // the foreign amount that buys the shortfall at the TTM, rounded up to its minor unit
    const need = roundTo((shortfall * FX_RATE_SCALE + ttm - 1n) / ttm, MINOR_UNIT[currency], 'up');
    // the memo an exchange's records carry (`<from>-><to> rate <units of to per unit of from>`)
    const memo = `${currency}->jpy rate ${formatFxRate(ttm)}`;
    reqs.push(
      {
        type: 'single',
        debitAccountId: foreign.id,
        creditAccountId: fxForeign.id,
        amount: need,
        currency,
        code: 'exchange',
        operationRef: ref,
      },
      {
        type: 'single',
        debitAccountId: fxYen.id,
        creditAccountId: cash.id,
        amount: shortfall,
        currency: 'jpy',
        code: 'exchange',
        operationRef: ref,
      },
    );
    records.push(
      { ...base, currency, type: 'exchange', amount: -need, memo },
      { ...base, currency: 'jpy', type: 'exchange', amount: shortfall, memo },
    );
  }
  const parts: ['national' | 'local', Units][] = [
    ['national', national],
    ['local', local],
  ];
  const index: Partial<Record<'national' | 'local', number>> = {};
  for (const [part, amount] of parts) {
    if (amount === 0n) continue;
    const withhold = amount > 0n;
    index[part] = reqs.length;
    reqs.push({
      type: 'single',
      debitAccountId: withhold ? cash.id : taxAcc.id,
      creditAccountId: withhold ? taxAcc.id : cash.id,
      amount: withhold ? amount : -amount,
      currency: 'jpy',
      code: part === 'national' ? 'tax_national' : 'tax_local',
      operationRef: ref,
    });
    records.push({
      ...base,
      currency: 'jpy',
      type: withhold ? 'tax_withheld' : 'tax_refund',
      amount: -amount,
      memo: part,
    });
  }
  const ts = await transfer(tx, reqs);
  await writeFundRecords(
    tx,
    records.map((r, i) => ({ ...r, transferId: ts[i].id })),
  );
  return {
    national: index.national === undefined ? null : ts[index.national].id,
    local: index.local === undefined ? null : ts[index.local].id,
  };
}
