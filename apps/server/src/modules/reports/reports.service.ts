import { createHash, randomBytes } from 'node:crypto';
import type { ReportKind } from '@kabuto/db';
import { withTx } from '@kabuto/db';
import {
  addDays,
  jstEndOfDay,
  jstStartOfDay,
  STATEMENT_MAX_DAYS,
  spanDays,
  taxDateOf,
  type Units,
} from '@kabuto/domain';
import type { MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { mailNotice } from '../../shared/mail/index.ts';
import { sendNotice } from '../../shared/notices.ts';
import type { DailyJob } from '../jobs/index.ts';
import * as annualRepo from './annual.repo.ts';
import {
  type AnnualFigures,
  annualReport,
  balanceStatement,
  type Holder,
  tradeConfirmation,
} from './documents.ts';
import { reportFontLoader } from './font.ts';
import * as repo from './reports.repo.ts';

export type ReportsDeps = Pick<Deps, 'db' | 'clock' | 'files' | 'env'> & { market: MarketDataProvider };

/** How many days back the daily job looks for days whose reports are not made yet. */
const CATCH_UP_DAYS = 7;
const QUARTER_ENDS = new Set(['03-31', '06-30', '09-30', '12-31']);

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const range = (start: string, end: string) => ({
  from: new Date(jstStartOfDay(start)),
  to: new Date(jstEndOfDay(end)),
});

/**
 * The users' reports: 取引報告書 (a JST date's fills), 取引残高報告書 (a quarter, or a period asked for)
 * and 年間取引報告書 (a tax year). Each is made once, after its period has ended, from the stored rows:
 * the PDF is kept in the file store with its SHA-256 in `report`, and served as it was made. The daily
 * job makes the previous days' trade reports (and, after a quarter's or a year's last day, the
 * quarter's and the year's), one PDF at a time.
 */
export function reportsService(d: ReportsDeps) {
  const { db, clock, files, market } = d;
  const font = reportFontLoader(d.env.REPORT_FONT);
  const nameOf = (symbol: string) => market.instrument(symbol)?.names.jp ?? '';

  async function holderOf(userId: bigint): Promise<Holder> {
    const u = await db.selectFrom('app_user').select('account').where('id', '=', userId).executeTakeFirst();
    return { account: u?.account ?? '', name: '' };
  }

  /** The annual report's figures (yen for the sales and the ledger's tax; dividends per currency). */
  async function annualFigures(userId: bigint, year: number): Promise<AnnualFigures> {
    const { from, to } = range(`${year}-01-01`, `${year}-12-31`);
    const [sales, dividends, ledger] = await Promise.all([
      annualRepo.salesOf(db, userId, year),
      annualRepo.dividendsOf(db, userId, year),
      annualRepo.ledgerTax(db, userId, from, to),
    ]);
    const taxable = { proceeds: 0n, cost: 0n, gain: 0n, national: 0n, local: 0n };
    const nisa = { proceeds: 0n, cost: 0n, gain: 0n };
    for (const s of sales) {
      const part = s.kind === 'nisa' ? nisa : taxable;
      part.proceeds += s.proceeds;
      part.cost += s.cost;
      part.gain += s.gain;
      if (s.kind !== 'nisa') {
        taxable.national += s.national;
        taxable.local += s.local;
      }
    }
    const dividendTotals = new Map<
      string,
      { gross: Units; foreign: Units; national: Units; local: Units; net: Units }
    >();
    for (const x of dividends) {
      const t = dividendTotals.get(x.market) ?? { gross: 0n, foreign: 0n, national: 0n, local: 0n, net: 0n };
      t.gross += x.gross;
      t.foreign += x.foreign_tax;
      t.national += x.national_tax;
      t.local += x.local_tax;
      t.net += x.amount;
      dividendTotals.set(x.market, t);
    }
    return { year, sales, dividends, taxable, nisa, dividendTotals, ledger };
  }

  /** The PDF of a report of a user and period, made from the stored rows. */
  async function render(kind: ReportKind, userId: bigint, start: string, end: string): Promise<Uint8Array> {
    // without its font no report can be made: the caller is told to try later (the job retries)
    const f = await font().catch(() => refuse('report.unavailable'));
    const holder = await holderOf(userId);
    const issued = new Date(clock.now());
    const { from, to } = range(start, end);
    if (kind === 'trade') {
      const fills = await repo.fillsOf(db, userId, from, to);
      return tradeConfirmation(f, { holder, date: start, fills, nameOf, issued });
    }
    if (kind === 'balance') {
      const [opening, closing, movements, holdings] = await Promise.all([
        repo.balancesAt(db, userId, from),
        repo.balancesAt(db, userId, to),
        repo.movements(db, userId, from, to),
        repo.holdingsAt(db, userId, to),
      ]);
      return balanceStatement(f, {
        holder,
        start,
        end,
        opening,
        closing,
        movements,
        holdings,
        nameOf,
        issued,
      });
    }
    const figures = await annualFigures(userId, Number(start.slice(0, 4)));
    return annualReport(f, { holder, figures, nameOf, issued });
  }

  /** Make and keep a report once: the one already made for the period is returned as it is. */
  async function make(
    kind: ReportKind,
    userId: bigint,
    start: string,
    end: string,
    announce = false,
  ): Promise<repo.ReportRow> {
    const found = await repo.findReport(db, userId, kind, start, end);
    if (found) return found;
    const bytes = await render(kind, userId, start, end);
    const at = new Date(clock.now());
    const file = `report-${randomBytes(16).toString('hex')}.pdf`;
    await withTx(db, async (tx) => {
      const row = { user_id: userId, kind, period_start: start, period_end: end };
      if (await repo.findReport(tx, userId, kind, start, end)) return;
      await files.put(file, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), tx);
      const made = await repo.insertReport(tx, {
        ...row,
        file,
        sha256: sha256(bytes),
        size: bytes.byteLength,
        created_at: at,
      });
      if (made && announce) {
        const params = { report: REPORT_NAMES[kind], period: start === end ? start : `${start} – ${end}` };
        await sendNotice(tx, at, userId, 'reportReady', params);
        await mailNotice(tx, at, userId, 'report', 'reportReady', params);
      }
    });
    const row = await repo.findReport(db, userId, kind, start, end);
    if (!row) throw new Error('report not recorded');
    return row;
  }

  /**
   * The day's reports: trade reports of `date`; after a month's last day the month's statement of the
   * users who held margin positions in it; after a quarter's and a year's last day, those too.
   */
  async function runDate(date: string) {
    const { from, to } = range(date, date);
    let trade = 0;
    // a day's reports only once the day has ended (its fills are all in)
    if (to.getTime() > clock.now()) return { date, trade, balance: 0, annual: 0 };
    let balance = 0;
    let annual = 0;
    for (const u of await repo.usersWithFills(db, from, to, date)) {
      await make('trade', u, date, date, true);
      trade++;
    }
    // margin accounts: a statement every month as well
    if (addDays(date, 1).endsWith('-01')) {
      const start = `${date.slice(0, 8)}01`;
      const m = range(start, date);
      for (const u of await repo.usersWithMargin(db, m.from, m.to)) {
        await make('balance', u, start, date, true);
        balance++;
      }
    }
    if (QUARTER_ENDS.has(date.slice(5))) {
      const month = Number(date.slice(5, 7)) - 2;
      const start = `${date.slice(0, 4)}-${String(month).padStart(2, '0')}-01`;
      const q = range(start, date);
      for (const u of await repo.usersActiveIn(db, q.from, q.to)) {
        await make('balance', u, start, date, true);
        balance++;
      }
    }
    if (date.endsWith('-12-31')) {
      const year = Number(date.slice(0, 4));
      for (const u of await annualRepo.usersOfYear(db, year)) {
        await make('annual', u, `${year}-01-01`, date, true);
        annual++;
      }
    }
    return { date, trade, balance, annual };
  }

  /** The daily job: each JST date of the last week once it has ended (key `2026-11-27`). */
  const daily: DailyJob = {
    name: 'reports',
    keys(now: number) {
      const today = taxDateOf(now);
      return Array.from({ length: CATCH_UP_DAYS }, (_, i) => addDays(today, -(CATCH_UP_DAYS - i)));
    },
    run: (key: string) => runDate(key),
  };

  /** A statement of balances for a period the user chooses, made (once) now. */
  async function statement(userId: bigint, start: string, end: string) {
    const today = taxDateOf(clock.now());
    if (start > end) refuse('report.badPeriod');
    if (end >= today) refuse('report.periodOpen');
    if (spanDays(start, end) > STATEMENT_MAX_DAYS)
      refuse('report.periodTooLong', { days: STATEMENT_MAX_DAYS });
    return make('balance', userId, start, end);
  }

  /** A user's own report's bytes, checked against the hash it was made with. */
  async function file(userId: bigint, id: bigint) {
    const row = await repo.ownReport(db, userId, id);
    if (!row) return refuse('report.notFound');
    const bytes = await files.get(row.file);
    if (!bytes || sha256(bytes) !== row.sha256)
      throw new Error(`report ${row.id}: the stored file does not match its hash`);
    return { row, bytes };
  }

  return {
    daily,
    runDate,
    statement,
    file,
    annualFigures,
    list: (userId: bigint, kind: ReportKind | undefined, page: number, size: number) =>
      repo.listReports(db, userId, kind, page, size),
  };
}

/** The reports' names in the site message announcing one. */
const REPORT_NAMES = {
  trade: { jp: '取引報告書', cn: '交易报告书', us: 'trade confirmation' },
  balance: { jp: '取引残高報告書', cn: '交易余额报告书', us: 'statement of balances' },
  annual: { jp: '年間取引報告書', cn: '年度交易报告书', us: 'annual trading report' },
} as const;

export type ReportsService = ReturnType<typeof reportsService>;
