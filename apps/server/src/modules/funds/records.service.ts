import type { FundRecordType, Language } from '@kabuto/contract';
import {
  CURRENCIES,
  type Currency,
  formatUnits,
  ISO_CODE,
  isLocalDate,
  jstEndOfDay,
  jstStartOfDay,
  STATEMENT_MAX_DAYS,
  spanDays,
  toUnixSeconds,
} from '@kabuto/domain';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { recordWords } from './record-words.ts';
import * as repo from './records.repo.ts';

type RecordRow = Awaited<ReturnType<typeof repo.rangeRecords>>[number];

const toWire = (r: RecordRow, lang: Language) => ({
  id: String(r.id),
  order_number: r.order_no,
  kind: r.type as FundRecordType,
  type: r.currency as Currency,
  money: formatUnits(r.amount),
  balance: formatUnits(r.balance),
  stock_name: r.stock_name ?? '',
  stock_code: r.stock_code ?? '',
  product_name: r.product_name ?? '',
  issuer: r.issuer ?? '',
  memo: r.memo ?? '',
  create_time: toUnixSeconds(r.created_at.getTime()),
  ...recordWords(r, lang),
});

function range(start?: string, end?: string): { from?: Date; to?: Date } {
  for (const d of [start, end])
    if (d !== undefined && !isLocalDate(d)) refuse('validation.invalid', { field: 'date' });
  if (start && end) {
    if (end < start) refuse('records.badRange');
    if (spanDays(start, end) > STATEMENT_MAX_DAYS)
      refuse('records.rangeTooLong', { days: STATEMENT_MAX_DAYS });
  }
  return {
    from: start ? new Date(jstStartOfDay(start)) : undefined,
    to: end ? new Date(jstEndOfDay(end)) : undefined,
  };
}

const jstTime = (d: Date) => {
  const local = new Date(d.getTime() + 9 * 3_600_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)}`;
};

/** One CSV field: quoted when needed; text that a spreadsheet would run as a formula is defused. */
function field(value: string, text = true): string {
  let v = value;
  if (text && /^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

export function recordsService({ db }: Deps) {
  async function list(
    userId: bigint,
    f: {
      type?: Currency;
      kind?: FundRecordType;
      start?: string;
      end?: string;
      page: number;
      size: number;
      after?: bigint;
      lang: Language;
    },
  ) {
    const { from, to } = range(f.start, f.end);
    const { rows, total } = await repo.pageRecords(
      db,
      userId,
      { currency: f.type, type: f.kind, from, to },
      { page: f.page, size: f.size, after: f.after },
    );
    return { list: rows.map((r) => toWire(r, f.lang)), total };
  }

  /**
   * A statement: per wallet, the balance before the range, every record in it, the balance at its end.
   * Each record carries the cash account's posted balance after its transfer, so closing − opening equals
   * the sum of the records and the closing balance is what the ledger held at that point.
   */
  async function statement(
    userId: bigint,
    f: { type?: Currency; start: string; end: string; lang: Language },
  ) {
    const { from, to } = range(f.start, f.end) as { from: Date; to: Date };
    const currencies: readonly Currency[] = f.type ? [f.type] : CURRENCIES;
    const present = f.type ? [f.type] : ((await repo.recordCurrencies(db, userId, to)) as Currency[]);
    const wallets: { type: Currency; opening: string; closing: string; inflow: string; outflow: string }[] =
      [];
    const lines = [
      [
        'type',
        'currency',
        'time_jst',
        'order_number',
        'amount',
        'balance',
        'stock_code',
        'stock_name',
        'product',
        'issuer',
        'memo',
        'description',
        'detail',
      ].join(','),
    ];
    for (const currency of currencies.filter((c) => present.includes(c))) {
      const opening = await repo.balanceBefore(db, userId, currency, from);
      const rows = await repo.rangeRecords(db, userId, { currency, from, to });
      let balance = opening;
      let inflow = 0n;
      let outflow = 0n;
      lines.push(
        [
          'opening',
          '',
          ISO_CODE[currency],
          jstTime(from),
          '',
          '',
          formatUnits(opening),
          '',
          '',
          '',
          '',
          '',
          '',
        ].join(','),
      );
      for (const r of rows) {
        balance += r.amount;
        if (r.amount > 0n) inflow += r.amount;
        else outflow -= r.amount;
        const words = recordWords(r, f.lang);
        lines.push(
          [
            field(r.type),
            ISO_CODE[currency],
            jstTime(r.created_at),
            field(r.order_no),
            formatUnits(r.amount),
            formatUnits(r.balance),
            field(r.stock_code ?? ''),
            field(r.stock_name ?? ''),
            field(r.product_name ?? ''),
            field(r.issuer ?? ''),
            field(r.memo ?? ''),
            field(words.title),
            field(words.detail),
          ].join(','),
        );
      }
      const closing = rows.length > 0 ? rows[rows.length - 1].balance : opening;
      // Every cash movement has its record, so this is zero; should one ever be missing, the statement
      // shows the difference instead of hiding it (the back office's reconciliation names the account).
      if (closing !== balance) {
        const diff = closing - balance;
        if (diff > 0n) inflow += diff;
        else outflow -= diff;
        lines.push(
          [
            'unrecorded',
            ISO_CODE[currency],
            '',
            '',
            formatUnits(diff),
            formatUnits(closing),
            '',
            '',
            '',
            '',
            '',
            '',
          ].join(','),
        );
      }
      lines.push(
        [
          'closing',
          ISO_CODE[currency],
          jstTime(new Date(to.getTime() - 1000)),
          '',
          '',
          formatUnits(closing),
          '',
          '',
          '',
          '',
          '',
          '',
        ].join(','),
      );
      wallets.push({
        type: currency,
        opening: formatUnits(opening),
        closing: formatUnits(closing),
        inflow: formatUnits(inflow),
        outflow: formatUnits(outflow),
      });
    }
    return {
      filename: `kabuto-statement-${f.start}-${f.end}.csv`,
      content: `\uFEFF${lines.join('\r\n')}\r\n`,
      wallets,
    };
  }

  return { list, statement };
}

export type RecordsService = ReturnType<typeof recordsService>;
