import { translate } from '@kabuto/contract';
import { UNIT, type Units } from '@kabuto/domain';
import type { DividendRow, SaleRow } from './annual.repo.ts';
import type { ReportFont } from './font.ts';
import { reportDocument } from './pdf.ts';
import type { FillRow, HoldingRow, MovementRow } from './reports.repo.ts';

/**
 * The three reports as PDFs, in Japanese (the legal text): 取引報告書, 取引残高報告書 and 年間取引報告書.
 * Amounts are in the trade's currency (the annual report's sales in yen, as tax computed them).
 */

export const TITLES = { trade: '取引報告書', balance: '取引残高報告書', annual: '年間取引報告書' } as const;
const ISSUER = 'Kabuto証券（デモ）';
const DECIMALS: Record<string, number> = { jpy: 0, krw: 0, usd: 2, cny: 2 };
const CURRENCY = (c: string) => translate(`currency.name.${c}`, 'jp');

/** 1234567 → "1,234,567" with the currency's decimals (more when the amount has them, up to 4). */
export function amount(units: Units, currency = 'jpy', min = DECIMALS[currency] ?? 2): string {
  const neg = units < 0n;
  const abs = neg ? -units : units;
  const whole = (abs / UNIT).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  let frac = (abs % UNIT).toString().padStart(4, '0').replace(/0+$/, '');
  if (frac.length < min) frac = frac.padEnd(min, '0');
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

const shares = (q: bigint) => q.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const jst = (d: Date) => {
  const s = new Date(d.getTime() + 9 * 3600_000).toISOString();
  return { date: s.slice(0, 10), time: s.slice(11, 16) };
};

export interface Holder {
  account: string;
  name: string;
}

const head = (h: Holder, lines: string[], issued: Date) => [
  `お客様: ${h.name || h.account} 様　口座番号: ${h.account}`,
  ...lines,
  `作成日: ${jst(issued).date}　${ISSUER}`,
];

const SOURCE: Record<string, string> = { new_share: '新規公開株', block: 'ブロック', after_market: '時間外' };

/** The fill's trade, as a confirmation names it: 現物買 / 信用新規売 / 信用返済買 …, and its origin. */
export function tradeWord(
  f: Pick<FillRow, 'leg' | 'direction' | 'leverage' | 'source' | 'day_trade' | 'nisa' | 'reason'>,
) {
  const margin = f.leverage > 1 || f.direction === 2;
  let word: string;
  if (f.leg === 'open') word = margin ? (f.direction === 2 ? '信用新規売' : '信用新規買') : '現物買';
  else word = margin ? (f.direction === 2 ? '信用返済買' : '信用返済売') : '現物売';
  const notes = [
    SOURCE[f.source],
    f.day_trade ? 'デイトレード' : undefined,
    f.nisa ? 'NISA' : undefined,
    f.reason === 'forced' ? '強制決済' : undefined,
  ].filter(Boolean);
  return notes.length ? `${word}（${notes.join('・')}）` : word;
}

/** 取引報告書: the fills of one JST date. */
export async function tradeConfirmation(
  font: ReportFont,
  o: { holder: Holder; date: string; fills: FillRow[]; nameOf: (s: string) => string; issued: Date },
) {
  const w = await reportDocument(font, { title: TITLES.trade, subject: o.date, created: o.issued });
  w.title(TITLES.trade, head(o.holder, [`約定日: ${o.date}（日本時間）`], o.issued));
  w.heading('約定明細');
  w.table(
    [
      { label: '約定時刻', width: 5 },
      { label: '取引', width: 11 },
      { label: '銘柄', width: 12 },
      { label: '数量(株)', width: 7, align: 'right' },
      { label: '約定単価', width: 10, align: 'right' },
      { label: '約定金額', width: 11, align: 'right' },
      { label: '手数料等', width: 7, align: 'right' },
      { label: '決済損益', width: 9, align: 'right' },
      { label: '注文番号', width: 19 },
    ],
    o.fills.map((f) => [
      jst(f.at).time,
      tradeWord(f),
      `${f.symbol} ${o.nameOf(f.symbol)}`,
      shares(f.quantity),
      `${amount(f.price, f.market)} ${f.market.toUpperCase()}`,
      amount(f.price * f.quantity, f.market),
      amount(f.fees, f.market),
      f.pnl === null ? '' : amount(f.pnl, f.market),
      f.order_no,
    ]),
    'この日の約定はありません。',
  );
  w.note(
    '約定金額 = 約定単価 × 数量。手数料等は手数料と印紙税等（買付は約定時、売付は決済時）。決済損益は手数料控除後。',
  );
  return w.save(TITLES.trade);
}

/** 取引残高報告書: the wallets' cash, the movements of the period and the shares held at its end. */
export async function balanceStatement(
  font: ReportFont,
  o: {
    holder: Holder;
    start: string;
    end: string;
    opening: Map<string, Units>;
    closing: Map<string, Units>;
    movements: MovementRow[];
    holdings: HoldingRow[];
    nameOf: (s: string) => string;
    issued: Date;
  },
) {
  const w = await reportDocument(font, {
    title: TITLES.balance,
    subject: `${o.start}/${o.end}`,
    created: o.issued,
  });
  w.title(TITLES.balance, head(o.holder, [`対象期間: ${o.start} 〜 ${o.end}（日本時間）`], o.issued));
  w.heading('金銭残高');
  const currencies = [...new Set([...o.opening.keys(), ...o.closing.keys()])].sort();
  w.table(
    [
      { label: '通貨', width: 10 },
      { label: '期首残高', width: 15, align: 'right' },
      { label: '期間の増減', width: 15, align: 'right' },
      { label: '期末残高', width: 15, align: 'right' },
    ],
    currencies.map((c) => {
      const a = o.opening.get(c) ?? 0n;
      const b = o.closing.get(c) ?? 0n;
      return [CURRENCY(c), amount(a, c), amount(b - a, c), amount(b, c)];
    }),
    '金銭の残高はありません。',
  );
  w.heading('有価証券等残高（期末）');
  w.table(
    [
      { label: '銘柄', width: 18 },
      { label: '区分', width: 10 },
      { label: '数量(株)', width: 8, align: 'right' },
      { label: '取得単価', width: 10, align: 'right' },
      { label: '取得金額', width: 12, align: 'right' },
    ],
    o.holdings.map((h) => [
      `${h.symbol} ${o.nameOf(h.symbol)}`,
      [
        h.direction === 2 ? '信用売' : h.leverage > 1 ? '信用買' : '現物',
        h.nisa ? 'NISA' : '',
        h.lent ? '貸株' : '',
      ]
        .filter(Boolean)
        .join('・'),
      shares(h.quantity),
      `${amount(h.open_price, h.market)} ${h.market.toUpperCase()}`,
      amount(h.open_price * h.quantity, h.market),
    ]),
    '期末に保有する有価証券はありません。',
  );
  w.heading('期間中のお取引・入出金');
  w.table(
    [
      { label: '日付', width: 9 },
      { label: '区分', width: 12 },
      { label: '銘柄・摘要', width: 17 },
      { label: '通貨', width: 6 },
      { label: '金額', width: 11, align: 'right' },
      { label: '残高', width: 12, align: 'right' },
    ],
    o.movements.map((m) => [
      jst(m.created_at).date,
      translate(
        m.type === 'stock_sell' && m.memo === 'pnl' ? 'record.realisedPnl' : `record.kind.${m.type}`,
        'jp',
      ),
      m.stock_code ? `${m.stock_code} ${m.stock_name ?? ''}` : m.order_no,
      m.currency.toUpperCase(),
      amount(m.amount, m.currency),
      amount(m.balance, m.currency),
    ]),
    '期間中の入出金・お取引はありません。',
  );
  w.note('有価証券は取得価額で記載しています。残高は各通貨の現金口座の記帳残高です。');
  return w.save(TITLES.balance);
}

export interface AnnualFigures {
  year: number;
  sales: SaleRow[];
  dividends: DividendRow[];
  /** Sums of the taxable sales (特定口座) and of the NISA sales (yen). */
  taxable: { proceeds: Units; cost: Units; gain: Units; national: Units; local: Units };
  nisa: { proceeds: Units; cost: Units; gain: Units };
  /** The dividends' sums per currency. */
  dividendTotals: Map<string, { gross: Units; foreign: Units; national: Units; local: Units; net: Units }>;
  /** The tax withheld less refunded in the ledger (yen), national and local. */
  ledger: { national: Units; local: Units };
}

/** The account a sale was taxed in, short enough for the table's column. */
const KIND_WORD: Record<string, string> = {
  withholding: '特定・源泉あり',
  no_withholding: '特定・源泉なし',
  general: '一般',
  nisa: 'NISA',
};

/** 年間取引報告書: the year's sales (proceeds, cost, gain), dividends and tax withheld and refunded. */
export async function annualReport(
  font: ReportFont,
  o: { holder: Holder; figures: AnnualFigures; nameOf: (s: string) => string; issued: Date },
) {
  const f = o.figures;
  const w = await reportDocument(font, { title: TITLES.annual, subject: String(f.year), created: o.issued });
  w.title(
    `${TITLES.annual}（${f.year}年分）`,
    head(o.holder, [`対象期間: ${f.year}-01-01 〜 ${f.year}-12-31（日本時間）`], o.issued),
  );
  w.heading('譲渡の対価の額等（特定口座）');
  w.pairs([
    ['譲渡の対価の額（収入金額）', amount(f.taxable.proceeds)],
    ['取得費及び譲渡費用の額等', amount(f.taxable.cost)],
    ['差引金額（譲渡所得等の金額）', amount(f.taxable.gain)],
    ['源泉徴収税額（所得税）', amount(f.taxable.national)],
    ['源泉徴収税額（住民税）', amount(f.taxable.local)],
  ]);
  w.table(
    [
      { label: '日付', width: 9 },
      { label: '銘柄', width: 14 },
      { label: '口座', width: 13 },
      { label: '数量', width: 7, align: 'right' },
      { label: '譲渡対価', width: 11, align: 'right' },
      { label: '取得費', width: 11, align: 'right' },
      { label: '損益', width: 10, align: 'right' },
      { label: '所得税', width: 8, align: 'right' },
      { label: '住民税', width: 8, align: 'right' },
    ],
    f.sales.map((s) => [
      jst(s.created_at).date,
      `${s.symbol} ${o.nameOf(s.symbol)}`,
      KIND_WORD[s.kind] ?? s.kind,
      shares(s.quantity),
      amount(s.proceeds),
      amount(s.cost),
      amount(s.gain),
      amount(s.national),
      amount(s.local),
    ]),
    'この年の譲渡はありません。',
  );
  w.heading('NISA口座（非課税）');
  w.pairs([
    ['譲渡の対価の額', amount(f.nisa.proceeds)],
    ['取得費', amount(f.nisa.cost)],
    ['差引金額（非課税）', amount(f.nisa.gain)],
  ]);
  w.heading('配当等の額及び源泉徴収税額');
  w.table(
    [
      { label: '通貨', width: 10 },
      { label: '配当等の額', width: 14, align: 'right' },
      { label: '外国所得税', width: 12, align: 'right' },
      { label: '所得税', width: 12, align: 'right' },
      { label: '住民税', width: 12, align: 'right' },
      { label: '受取額', width: 14, align: 'right' },
    ],
    [...f.dividendTotals.entries()].map(([c, d]) => [
      CURRENCY(c),
      amount(d.gross, c),
      amount(d.foreign, c),
      amount(d.national, c),
      amount(d.local, c),
      amount(d.net, c),
    ]),
    'この年の配当等はありません。',
  );
  w.table(
    [
      { label: '支払日', width: 9 },
      { label: '銘柄', width: 18 },
      { label: '数量', width: 8, align: 'right' },
      { label: '配当等の額', width: 12, align: 'right' },
      { label: '源泉徴収税額', width: 12, align: 'right' },
      { label: '受取額', width: 12, align: 'right' },
    ],
    f.dividends.map((d) => [
      d.payment_date,
      `${d.symbol} ${o.nameOf(d.symbol)}${d.nisa ? '（NISA）' : ''}`,
      shares(d.quantity),
      amount(d.gross, d.market),
      amount(d.foreign_tax + d.national_tax + d.local_tax, d.market),
      amount(d.amount, d.market),
    ]),
    '',
  );
  w.heading('源泉徴収税額（この年の預り額、還付控除後）');
  w.pairs([
    ['所得税額（復興特別所得税を含む）', amount(f.ledger.national)],
    ['住民税額', amount(f.ledger.local)],
    ['源泉徴収税額の合計', amount(f.ledger.national + f.ledger.local)],
  ]);
  w.note('源泉徴収税額の合計は、この年に当社が預かり（還付を差し引い）た税額です（円）。');
  return w.save(TITLES.annual);
}
