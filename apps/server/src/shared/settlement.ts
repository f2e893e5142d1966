import type { Db, Tx } from '@kabuto/db';
import {
  type Currency,
  type LocalDate,
  localDate,
  MARKETS,
  type Market,
  type SaleProceeds,
  settlementDate,
  type Units,
  type Withdrawable,
  withdrawableCash,
} from '@kabuto/domain';

/**
 * Settlement of sales (T+2 Japan and Korea, T+1 US and China, on each market's calendar): the trading
 * close records what a sale credited to cash (`recordSaleProceeds`, in the close's transaction), the
 * withdrawal reads what is not settled yet (`unsettledProceeds`, in the withdrawal's transaction after
 * the cash account is locked). The wallets are per market, so a wallet's currency is its market.
 */
export async function recordSaleProceeds(
  tx: Tx,
  row: { userId: bigint; market: Market; positionId: bigint; amount: Units; at: number },
): Promise<void> {
  if (row.amount <= 0n) return;
  const tradeDate = localDate(row.market, row.at);
  await tx
    .insertInto('sale_proceeds')
    .values({
      user_id: row.userId,
      currency: row.market,
      position_id: row.positionId,
      trade_date: tradeDate,
      settles_on: settlementDate(row.market, tradeDate),
      amount: row.amount,
      created_at: new Date(row.at),
    })
    .execute();
}

/** The exchange-local date now of a wallet's market. */
export const walletToday = (currency: Currency, nowMs: number): LocalDate =>
  localDate(currency as Market, nowMs);

/** A wallet's sale proceeds settling after `today`. */
export async function unsettledProceeds(
  q: Db | Tx,
  userId: bigint,
  currency: Currency,
  today: LocalDate,
): Promise<SaleProceeds[]> {
  const rows = await q
    .selectFrom('sale_proceeds')
    .select(['settles_on', 'amount'])
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('settles_on', '>', today)
    .execute();
  return rows.map((r) => ({ settlesOn: r.settles_on, amount: r.amount }));
}

/** What of `available` may be withdrawn now, and when the rest becomes free. */
export async function withdrawableOf(
  q: Db | Tx,
  userId: bigint,
  currency: Currency,
  available: Units,
  nowMs: number,
): Promise<Withdrawable> {
  if (!(MARKETS as readonly string[]).includes(currency)) return { withdrawable: available, pending: [] };
  const today = walletToday(currency, nowMs);
  return withdrawableCash(available, await unsettledProceeds(q, userId, currency, today), today);
}
