import { type Language, translate } from '@kabuto/contract';
import { type Currency, ISO_CODE, isCurrency } from '@kabuto/domain';

const RATE_SCALE = 10n ** 12n;
/** What an exchange writes as its records' memo (exchange.service.ts). */
const EXCHANGE_MEMO = /^([a-z]{3})->([a-z]{3}) rate (\d+)(?:\.(\d{1,12}))?$/;

export const exchangeMemo = (from: Currency, to: Currency, rate: string) => `${from}->${to} rate ${rate}`;

/**
 * A rate as people quote it: one unit of the dearer currency in the other, to two decimals (half up).
 * `rate` is units of `to` per unit of `from`, as stored (at most 12 decimals).
 */
export function quotedRate(
  from: Currency,
  to: Currency,
  rate: string,
): { base: Currency; quote: Currency; value: string } | null {
  const m = /^(\d+)(?:\.(\d{1,12}))?$/.exec(rate);
  if (!m) return null;
  const scaled = BigInt(m[1]) * RATE_SCALE + BigInt((m[2] ?? '').padEnd(12, '0'));
  if (scaled === 0n) return null;
  // value × 100, rounded half up
  const [base, quote, num, den] =
    scaled >= RATE_SCALE ? [from, to, scaled * 100n, RATE_SCALE] : [to, from, RATE_SCALE * 100n, scaled];
  const cents = (num * 2n + den) / (den * 2n);
  const value = `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
  return { base, quote, value };
}

/**
 * The words of one fund record, in `lang`: its title (the record type, or 決済損益 for the P&L part of a
 * close) and a detail line (the instrument, the exchange pair and rate, or the memo). The record list
 * and the CSV statement both use these.
 */
export function recordWords(
  r: {
    type: string;
    memo: string | null;
    stock_name: string | null;
    stock_code: string | null;
    currency?: string;
  },
  lang: Language,
): { title: string; detail: string } {
  const memo = r.memo ?? '';
  // what a US sale pays under stamp_duty is the SEC fee and FINRA's TAF, not a stamp duty
  if (r.type === 'stamp_duty' && r.currency === 'usd') {
    const stock = [r.stock_name, r.stock_code].filter(Boolean).join(' ');
    return { title: translate('record.regulatoryFee', lang), detail: stock || memo };
  }
  // a close books two parts under stock_sell: the margin coming back and the P&L
  const title =
    r.type === 'stock_sell' && memo === 'pnl'
      ? translate('record.realisedPnl', lang)
      : r.type === 'stock_sell' && memo === 'margin'
        ? translate('record.marginReturned', lang)
        : translate(`record.kind.${r.type}`, lang);
  if (r.type === 'exchange') {
    const m = EXCHANGE_MEMO.exec(memo);
    if (m && isCurrency(m[1]) && isCurrency(m[2])) {
      const rate = m[4] ? `${m[3]}.${m[4]}` : m[3];
      const q = quotedRate(m[1], m[2], rate);
      if (q)
        return {
          title,
          detail: translate('record.exchangeDetail', lang, {
            from: translate(`currency.name.${m[1]}`, lang),
            to: translate(`currency.name.${m[2]}`, lang),
            base: ISO_CODE[q.base],
            value: q.value,
            quote: translate(`currency.unit.${q.quote}`, lang),
          }),
        };
    }
  }
  const stock = [r.stock_name, r.stock_code].filter(Boolean).join(' ');
  if (stock) return { title, detail: stock };
  // the close's internal memos name the part of the close, which the title already says
  return { title, detail: memo === 'pnl' || memo === 'margin' ? '' : memo };
}
