import type { Db } from '@kabuto/db';
import { sql } from 'kysely';

/** The reads of the annual report (年間取引報告書): the year's sales, dividends and tax in the ledger. */

/** The users with a taxed sale or a dividend in the tax year. */
export async function usersOfYear(db: Db, year: number): Promise<bigint[]> {
  const r = await sql<{ user_id: bigint }>`
    select user_id from tax_event where year = ${year}
    union
    select e.user_id from dividend_entitlement e join corporate_action a on a.id = e.action_id
      where e.amount > 0 and left(a.payment_date, 4) = ${String(year)}
    order by user_id`.execute(db);
  return r.rows.map((x) => BigInt(x.user_id));
}

export interface SaleRow {
  kind: string;
  market: string;
  symbol: string;
  quantity: bigint;
  proceeds: bigint;
  cost: bigint;
  gain: bigint;
  national: bigint;
  local: bigint;
  created_at: Date;
}

/** The year's sales as tax recorded them (yen): proceeds, cost, gain, tax withheld (+) or refunded (−). */
export async function salesOf(db: Db, userId: bigint, year: number): Promise<SaleRow[]> {
  return db
    .selectFrom('tax_event')
    .select([
      'kind',
      'market',
      'symbol',
      'quantity',
      'proceeds',
      'cost',
      'gain',
      'national',
      'local',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export interface DividendRow {
  market: string;
  symbol: string;
  payment_date: string;
  role: string;
  nisa: boolean;
  quantity: bigint;
  gross: bigint;
  foreign_tax: bigint;
  national_tax: bigint;
  local_tax: bigint;
  amount: bigint;
}

/** The dividends received (paid in the year, by the payment date), in their currency. */
export async function dividendsOf(db: Db, userId: bigint, year: number): Promise<DividendRow[]> {
  const r = await sql<DividendRow>`
    select a.market, a.symbol, a.payment_date, e.role, p.nisa, e.quantity, e.gross, e.foreign_tax,
      e.national_tax, e.local_tax, e.amount
    from dividend_entitlement e
    join corporate_action a on a.id = e.action_id
    join position p on p.id = e.position_id
    where e.user_id = ${userId} and e.amount > 0 and left(a.payment_date, 4) = ${String(year)}
    order by a.payment_date, a.symbol, e.id`.execute(db);
  return r.rows.map((x) => ({
    ...x,
    quantity: BigInt(x.quantity),
    gross: BigInt(x.gross),
    foreign_tax: BigInt(x.foreign_tax),
    national_tax: BigInt(x.national_tax),
    local_tax: BigInt(x.local_tax),
    amount: BigInt(x.amount),
  }));
}

/**
 * The tax the ledger moved for the user in the year (yen): every transfer between the user's accounts
 * and the platform's `tax_withheld` account that a record of the year describes (withheld +, refunded −),
 * national (income tax) and local (inhabitant tax) apart by the transfer's code. Whatever withholds into
 * `tax_withheld` with a record (sales, dividends) is counted. A dividend's tax moves in one transfer
 * (`tax_dividend`): its parts are the entitlement's that names it.
 */
export async function ledgerTax(
  db: Db,
  userId: bigint,
  from: Date,
  to: Date,
): Promise<{ national: bigint; local: bigint }> {
  const r = await sql<{ national: bigint | null; local: bigint | null }>`
    select
      sum(m.sign * case t.code when 'tax_national' then t.amount when 'tax_dividend' then e.national_tax
        else 0 end)::bigint as national,
      sum(m.sign * case t.code when 'tax_local' then t.amount when 'tax_dividend' then e.local_tax
        else 0 end)::bigint as local
    from ledger_transfer t
    join ledger_account d on d.id = t.debit_account
    join ledger_account c on c.id = t.credit_account
    cross join lateral (select case when c.kind = 'tax_withheld' then 1 else -1 end as sign) m
    left join dividend_entitlement e on t.code = 'tax_dividend' and e.user_id = ${userId}
      and e.national_transfer = t.id
    where t.id in (select transfer_id from fund_record
        where user_id = ${userId} and created_at >= ${from} and created_at < ${to})
      and ((d.owner = ${userId} and c.kind = 'tax_withheld') or (c.owner = ${userId} and d.kind = 'tax_withheld'))`.execute(
    db,
  );
  return { national: BigInt(r.rows[0]?.national ?? 0n), local: BigInt(r.rows[0]?.local ?? 0n) };
}
