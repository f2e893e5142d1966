/**
 * The write floor of bench/corporate-actions: the least PostgreSQL takes to write the rows a job writes,
 * on the same book (same tables, keys, indexes and triggers), measured just before the job in the same
 * run. The rows the job will write are read from the book once (the positions, or the unpaid
 * entitlements, with their accounts) into a temporary table, then each table's rows are written by one
 * set-based statement, all in one transaction that is then rolled back; the tables are vacuumed after it
 * (outside the measure), so the job finds the book as it was, without the floor's dead rows. Reported:
 * the wall time from the first statement to the last, and the CPU time of the floor's PostgreSQL backend.
 *
 * The rows, and how they match the job's (corporate-actions.service.ts, payment.service.ts; this
 * book: longs and shorts of quantity 100, shorts' cash enough for their charge, no exit orders, loans,
 * fractions or copy-trade products):
 *
 * ex-date (`applyDue`, every symbol's dividend then its split):
 * - a ledger transfer per holder (the counterparty of the user's shard to the user's `dividend`
 *   account, the gross) and per short (its 配当落調整金, cash to the counterparty), each with its
 *   accounts' balances: the job's `transferMany`, one insert and one update of the accounts per batch;
 * - the platform's counterparty accounts (one per shard), created on first use as the job does;
 * - an entitlement per position, naming its transfer: `insertEntitlements`;
 * - a fund record per short (the charge left cash): `writeFundRecords`;
 * - every position's quantity, prices and margin updated (the split): `updatePositions`;
 * - each action marked applied: `markApplied` (the job also moves each action's cursor per batch).
 *
 * payment date (`payDue`):
 * - per unpaid holder's entitlement a transfer `dividend` → cash (the gross) and, when tax is due (not
 *   NISA), a transfer cash → the shard's `tax_withheld` (national and local together), with the
 *   accounts' balances: `transferMany`;
 * - the platform's `tax_withheld` accounts (one per shard), created on first use;
 * - a fund record per transfer (the dividend, the tax withheld): `writeFundRecords`;
 * - each entitlement updated with its transfers and time: `markEntitlementsPaid`;
 * - the user's tax year (源泉徴収あり, yen) upserted with its dividends and tax: `addDividends`;
 * - each action marked paid: `markPaid`.
 *
 * What the floor does not do, and the job must: read and lock its rows (positions, entitlements,
 * accounts) a batch at a time, compute each row in JavaScript and send it, update an account once per
 * batch it is in (the floor once in all: a user's four positions are four batches), and commit each
 * batch. The bench counts the rows each job wrote (new rows by id, updated rows by their time) and
 * prints them beside the floor's, which must be equal.
 */
import pg from 'pg';
import { cpuTicks } from '../support/proc.ts';

const SHARDS = 16;

export interface FloorResult {
  wallMs: number;
  /** CPU of the floor's PostgreSQL backend (from /proc, when the server runs here), else null. */
  pgCpuMs: number | null;
  /** Each statement's time, by what it wrote. */
  steps: Record<string, number>;
  /** Rows written, by kind (the same keys as {@link jobRows}). */
  rows: Record<string, number>;
  vacuumMs: number;
}

const TOUCHED = [
  'ledger_transfer',
  'ledger_account',
  'dividend_entitlement',
  'fund_record',
  'position',
  'tax_year',
  'corporate_action',
];

/** Runs one statement of the floor: its time under `label`, its rows under the keys `count` returns. */
type Step = (
  label: string,
  text: string,
  count?: (r: pg.QueryResult) => Record<string, number>,
) => Promise<pg.QueryResult>;

async function measure(url: string, schema: string, work: (q: Step) => Promise<void>): Promise<FloorResult> {
  const c = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await c.connect();
  try {
    const pid = Number((await c.query('select pg_backend_pid() as p')).rows[0].p);
    const steps: Record<string, number> = {};
    const rows: Record<string, number> = {};
    const q: Step = async (label, text, count) => {
      const t = performance.now();
      const r = await c.query(text);
      steps[label] = (steps[label] ?? 0) + performance.now() - t;
      for (const [k, n] of Object.entries(count ? count(r) : { [label]: r.rowCount ?? 0 }))
        rows[k] = (rows[k] ?? 0) + n;
      return r;
    };
    // the book's rows are read by hashing (not an index probe a row), in this backend alone (no
    // parallel workers, whose CPU /proc would not count here), the temporary table in memory
    await c.query("set temp_buffers = '512MB'");
    const cpu0 = cpuTicks(pid);
    const t = performance.now();
    await c.query('begin');
    await c.query(
      "set local enable_nestloop = off; set local work_mem = '256MB'; set local max_parallel_workers_per_gather = 0",
    );
    await work(q);
    const wallMs = performance.now() - t;
    const cpu1 = cpuTicks(pid);
    await c.query('rollback');
    const v = performance.now();
    await c.query(`vacuum ${TOUCHED.join(', ')}`);
    return {
      wallMs,
      pgCpuMs: cpu0 === null || cpu1 === null ? null : (cpu1 - cpu0) * 10,
      steps,
      rows,
      vacuumMs: performance.now() - v,
    };
  } finally {
    await c.end();
  }
}

/**
 * The job's rows, read from the book once into a temporary table (`floor_rows`, no WAL, gone with the
 * transaction), each row numbered (`n`, from 1); then ids for them taken from `table`'s identity sequence
 * at once (`per` a row), as the job's inserts take them one by one. Resolves with the first id: the
 * statements then name each row's ids (first + per × (n − 1) …) without reading them back.
 */
async function readRows(q: Step, source: string, table: string, per: number): Promise<bigint> {
  await q('rows read', `create temporary table floor_rows on commit drop as ${source}`, () => ({}));
  await q('rows read', 'analyze floor_rows', () => ({}));
  const seq = `pg_get_serial_sequence('${table}', 'id')`;
  const r = await q(
    'rows read',
    `with f as (select nextval(${seq}) as first)
    select first, setval(${seq}, first + ${per} * (select count(*) from floor_rows)) from f`,
    () => ({}),
  );
  return BigInt(r.rows[0].first);
}

/** The platform accounts of a kind, one per shard, created when missing (as `lockLedgerAccounts` does). */
const platformAccounts = (kind: string) => `
  insert into ledger_account (owner, currency, kind, shard, flags)
  select null, 'jpy', '${kind}', s, 0 from generate_series(0, ${SHARDS - 1}) s
  on conflict (owner, currency, kind, shard) do nothing`;

/**
 * Transfers (`r`: a query with columns id_, debit, credit, amount, code, ref) and their accounts'
 * balances in one statement, as the ledger writes a batch; counts both.
 */
const transfers = (r: string) => `
  with r as materialized (${r}),
  ins as (
    insert into ledger_transfer (id, debit_account, credit_account, amount, currency, code, operation_ref)
    overriding system value
    select id_, debit, credit, amount, 'jpy', code, ref from r order by id_
    returning 1
  ),
  upd as (
    update ledger_account a set debits_posted = a.debits_posted + d.dpo, credits_posted = a.credits_posted + d.cpo
    from (
      select id, sum(dpo) as dpo, sum(cpo) as cpo
      from (select debit as id, amount as dpo, 0 as cpo from r union all select credit, 0, amount from r) x
      group by id
    ) d
    where a.id = d.id
    returning 1
  )
  select (select count(*) from ins)::int as transfers, (select count(*) from upd)::int as accounts`;

const countTransfers = (r: pg.QueryResult) => ({
  transfers: Number(r.rows[0].transfers),
  'accounts moved': Number(r.rows[0].accounts),
});

/**
 * The ex-date's holders and shorts: one row a position of a due dividend, with its transfer's accounts
 * and amounts, in position order (`n`: its transfer is the reserved first + n − 1).
 */
const exDateRows = (exDate: string) => `
  select p.id, p.user_id, p.order_no, p.symbol, p.quantity, a.id as action_id,
    row_number() over (order by p.id) as n,
    case when p.direction = 1 then 'holder' else 'short' end as role,
    p.quantity * a.cash as gross,
    case when p.direction = 1 and not p.nisa then p.quantity * a.cash * 15315 / 100000 else 0 end as national,
    case when p.direction = 1 and not p.nisa then p.quantity * a.cash * 5 / 100 else 0 end as local,
    case when p.direction = 1 then cp.id else cash.id end as debit,
    case when p.direction = 1 then dv.id else cp.id end as credit,
    cash.credits_posted - cash.debits_posted as cash_balance
  from corporate_action a
  join position p on p.symbol = a.symbol and p.market = a.market and p.status in (0, 2)
  join ledger_account cp on cp.owner is null and cp.currency = 'jpy' and cp.kind = 'counterparty'
    and cp.shard = p.user_id % ${SHARDS}
  join ledger_account cash on cash.owner = p.user_id and cash.currency = 'jpy' and cash.kind = 'cash'
    and cash.shard = 0
  join ledger_account dv on dv.owner = p.user_id and dv.currency = 'jpy' and dv.kind = 'dividend'
    and dv.shard = 0
  where a.kind = 'dividend' and a.applied_at is null and a.ex_date = '${exDate}'`;

/** The ex-date job's writes (see the file's comment), rolled back. */
export function exDateFloor(url: string, schema: string, exDate: string): Promise<FloorResult> {
  return measure(url, schema, async (q) => {
    await q('accounts created', platformAccounts('counterparty'));
    const first = await readRows(q, exDateRows(exDate), 'ledger_transfer', 1);
    const rows = 'select * from floor_rows';
    await q(
      'transfers',
      transfers(`
        select ${first} + n - 1 as id_, debit, credit, gross as amount,
          case when role = 'holder' then 'dividend' else 'manufactured_dividend' end as code,
          'corporate_action:' || action_id || ':' || id as ref
        from (${rows}) r`),
      countTransfers,
    );
    await q(
      'entitlements',
      `insert into dividend_entitlement (action_id, user_id, position_id, role, quantity, gross, foreign_tax,
        national_tax, local_tax, amount, transfer_id)
      select action_id, user_id, id, role, quantity, gross, 0, national, local,
        case when role = 'holder' then gross - national - local else -gross end, ${first} + n - 1
      from (${rows}) r`,
    );
    await q(
      'fund records',
      `insert into fund_record (user_id, currency, type, order_no, amount, balance, transfer_id, ref,
        stock_name, stock_code, memo, created_at)
      select user_id, 'jpy', 'manufactured_dividend', order_no, -gross, cash_balance - gross, ${first} + n - 1,
        'corporate_action:' || action_id, symbol, symbol, role, now()
      from (${rows}) r where role = 'short'`,
    );
    await q(
      'positions updated',
      `update position p set quantity = p.quantity * a.ratio_num / a.ratio_den,
        open_price = p.open_price * a.ratio_den / a.ratio_num, limit_price = p.limit_price, margin = p.margin,
        updated_at = now()
      from corporate_action a
      where a.kind = 'split' and a.applied_at is null and a.ex_date = '${exDate}'
        and p.symbol = a.symbol and p.market = a.market and p.status in (0, 2, 3)`,
    );
    await q(
      'actions',
      `update corporate_action set applied_at = now() where applied_at is null and ex_date = '${exDate}'`,
      () => ({}),
    );
  });
}

/**
 * The payment date's unpaid payouts, one row an entitlement, in entitlement order (`n`: its transfers
 * are the reserved first + 2(n − 1), and + 1 for its tax when tax is due).
 */
const paymentRows = (paymentDate: string) => `
  select e.id, e.user_id, e.action_id, e.role, e.amount, e.national_tax, e.local_tax,
    case when e.role = 'holder' then e.national_tax + e.local_tax else 0 end as tax, p.order_no, p.nisa, a.symbol,
    row_number() over (order by e.id) as n,
    dv.id as dividend_account, cash.id as cash_account, tw.id as tax_account,
    cash.credits_posted - cash.debits_posted as cash_balance
  from corporate_action a
  join dividend_entitlement e on e.action_id = a.id and e.paid_at is null and e.amount > 0
    and e.role in ('holder', 'lender')
  join position p on p.id = e.position_id
  join ledger_account tw on tw.owner is null and tw.currency = 'jpy' and tw.kind = 'tax_withheld'
    and tw.shard = e.user_id % ${SHARDS}
  join ledger_account cash on cash.owner = e.user_id and cash.currency = 'jpy' and cash.kind = 'cash'
    and cash.shard = 0
  join ledger_account dv on dv.owner = e.user_id and dv.currency = 'jpy' and dv.kind = 'dividend'
    and dv.shard = 0
  where a.kind = 'dividend' and a.applied_at is not null and a.paid_at is null
    and a.payment_date <= '${paymentDate}'`;

/** The payment date job's writes (see the file's comment), rolled back. */
export function paymentFloor(url: string, schema: string, paymentDate: string): Promise<FloorResult> {
  return measure(url, schema, async (q) => {
    await q('accounts created', platformAccounts('tax_withheld'));
    const first = await readRows(q, paymentRows(paymentDate), 'ledger_transfer', 2);
    const rows = 'select * from floor_rows';
    const paid = (k: string) => `${first} + 2 * (${k} - 1)`;
    await q(
      'transfers',
      transfers(`
        select ${paid('n')} as id_, dividend_account as debit, cash_account as credit, amount + tax as amount,
          'dividend' as code, 'corporate_action:' || action_id || ':' || id as ref
        from (${rows}) r
        union all
        select ${paid('n')} + 1, cash_account, tax_account, tax, 'tax_dividend',
          'corporate_action:' || action_id || ':' || id
        from (${rows}) r where tax > 0`),
      countTransfers,
    );
    await q(
      'fund records',
      `insert into fund_record (user_id, currency, type, order_no, amount, balance, transfer_id, ref,
        stock_name, stock_code, memo, created_at)
      select user_id, 'jpy', t.type, order_no, t.amount, cash_balance + t.amount, t.id, 'corporate_action:' || action_id,
        symbol, symbol, t.memo, now()
      from (${rows}) r
      cross join lateral (
        select 'dividend' as type, r.amount + r.tax as amount, ${paid('r.n')} as id, r.role as memo
        union all
        select 'tax_withheld', -r.tax, ${paid('r.n')} + 1, 'national+local' where r.tax > 0
      ) t`,
    );
    await q(
      'tax years',
      `insert into tax_year (user_id, year, dividends, national, local)
      select user_id, ${Number(paymentDate.slice(0, 4))}, sum(amount + tax), sum(national_tax), sum(local_tax)
      from (${rows}) r
      where role = 'holder' and not nisa
      group by user_id
      order by user_id
      on conflict (user_id, year) do update set dividends = tax_year.dividends + excluded.dividends,
        national = tax_year.national + excluded.national, local = tax_year.local + excluded.local`,
    );
    await q(
      'entitlements updated',
      `update dividend_entitlement e set paid_transfer_id = ${paid('r.n')},
        national_transfer = case when r.tax > 0 then ${paid('r.n')} + 1 end,
        local_transfer = case when r.tax > 0 then ${paid('r.n')} + 1 end, paid_at = now()
      from (${rows}) r where e.id = r.id`,
    );
    await q(
      'actions',
      `update corporate_action set paid_at = now()
      where kind = 'dividend' and applied_at is not null and paid_at is null and payment_date <= '${paymentDate}'`,
      () => ({}),
    );
  });
}

/**
 * What a job wrote, by the same kinds as the floor's rows: the rows it inserted (ids above those the
 * book had before it, `before`) and updated (the job's time, `at`, on them), and the accounts it created.
 */
export async function jobRows(
  url: string,
  schema: string,
  before: Record<string, bigint>,
  at: Date,
  job: 'ex' | 'payment',
): Promise<Record<string, number>> {
  const c = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await c.connect();
  try {
    const n = async (text: string, ...args: unknown[]) => Number((await c.query(text, args)).rows[0].n);
    const out: Record<string, number> = {
      'accounts created': await n(
        'select count(*) as n from ledger_account where id > $1',
        before.ledger_account,
      ),
      transfers: await n('select count(*) as n from ledger_transfer where id > $1', before.ledger_transfer),
      'accounts moved': await n(
        `select count(distinct id) as n from (
          select debit_account as id from ledger_transfer where id > $1
          union all select credit_account from ledger_transfer where id > $1) x`,
        before.ledger_transfer,
      ),
      'fund records': await n('select count(*) as n from fund_record where id > $1', before.fund_record),
    };
    if (job === 'ex') {
      out.entitlements = await n(
        'select count(*) as n from dividend_entitlement where id > $1',
        before.dividend_entitlement,
      );
      out['positions updated'] = await n('select count(*) as n from position where updated_at = $1', at);
    } else {
      out['entitlements updated'] = await n(
        'select count(*) as n from dividend_entitlement where paid_at = $1',
        at,
      );
      out['tax years'] = await n(
        'select count(*) as n from tax_year where year = $1 and dividends > 0',
        at.getUTCFullYear(),
      );
    }
    return out;
  } finally {
    await c.end();
  }
}

/** The highest id of each table a job inserts into (what `jobRows` counts from). */
export async function lastIds(url: string, schema: string): Promise<Record<string, bigint>> {
  const c = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await c.connect();
  try {
    const out: Record<string, bigint> = {};
    for (const t of ['ledger_account', 'ledger_transfer', 'fund_record', 'dividend_entitlement'])
      out[t] = BigInt((await c.query(`select coalesce(max(id), 0)::text as m from ${t}`)).rows[0].m);
    return out;
  } finally {
    await c.end();
  }
}
