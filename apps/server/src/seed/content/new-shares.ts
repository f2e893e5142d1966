import {
  localDate,
  MARKET_ZONE,
  nextTradingDay,
  parseHm,
  parseUnits,
  tradingDayOnOrAfter,
  tradingDayOnOrBefore,
  type Units,
  zonedEpoch,
} from '@kabuto/domain';

/**
 * The demo's new-share offerings, placed on the calendar relative to the server clock so that a new
 * user always finds upcoming, subscribing and ended ones. Days are offsets from now; the leader's jobs
 * take the past ones through their real steps (commitment, draw, listing) when the server starts.
 */
export interface SeedOffering {
  code: string;
  market: 'jpy' | 'usd' | 'cny';
  board: string;
  names: { jp: string; cn: string; us: string };
  range: [string, string];
  /** The offer price, or null while the book is still being built. */
  offer: string | null;
  shares: number;
  max: number;
  underwriter: string;
  pe: string;
  /** Days from now: window start and end, lottery, payment deadline, listing (see {@link seedSchedule}). */
  days: [number, number, number, number, number];
  waitlist?: number;
}

export const SEED_OFFERINGS: readonly SeedOffering[] = [
  // upcoming
  {
    code: '214A',
    market: 'jpy',
    board: 'tse_growth',
    names: { jp: 'ミライロボティクス', cn: '未来机器人', us: 'Mirai Robotics' },
    range: ['1380', '1520'],
    offer: null,
    shares: 200_000,
    max: 1000,
    underwriter: 'SMBC日興証券',
    pe: '28.4',
    days: [9, 13, 14, 17, 21],
  },
  {
    code: '202A',
    market: 'jpy',
    board: 'tse_standard',
    names: { jp: 'さくらフードテック', cn: '樱花食品科技', us: 'Sakura Foodtech' },
    range: ['860', '920'],
    offer: '920',
    shares: 150_000,
    max: 500,
    underwriter: '野村證券',
    pe: '17.9',
    days: [4, 8, 9, 12, 16],
  },
  {
    code: 'KBTO',
    market: 'usd',
    board: 'nasdaq',
    names: { jp: 'カブトクラウド', cn: '甲虫云', us: 'Kabuto Cloud' },
    range: ['18', '21'],
    offer: null,
    shares: 100_000,
    max: 1000,
    underwriter: 'Goldman Sachs',
    pe: '—',
    days: [2, 6, 7, 8, 9],
  },
  // subscribing
  {
    code: '199A',
    market: 'jpy',
    board: 'tse_growth',
    names: { jp: 'アオバAIソリューションズ', cn: '青叶AI解决方案', us: 'Aoba AI Solutions' },
    range: ['2100', '2300'],
    offer: '2300',
    shares: 30_000,
    max: 500,
    underwriter: 'みずほ証券',
    pe: '41.2',
    days: [-1, 3, 4, 7, 11],
    waitlist: 5,
  },
  {
    code: '191A',
    market: 'jpy',
    board: 'tse_prime',
    names: { jp: '東都エナジー', cn: '东都能源', us: 'Toto Energy' },
    range: ['1450', '1600'],
    offer: '1520',
    shares: 500_000,
    max: 2000,
    underwriter: '大和証券',
    pe: '12.6',
    days: [-2, 2, 3, 6, 10],
    waitlist: 10,
  },
  {
    code: '688799',
    market: 'cny',
    board: 'sse_star',
    names: { jp: '星辰半導体', cn: '星辰半导体', us: 'Xingchen Semiconductor' },
    range: ['32', '36'],
    offer: null,
    shares: 400_000,
    max: 5000,
    underwriter: '中信证券',
    pe: '35.0',
    days: [-1, 2, 3, 5, 8],
  },
  // ended: awaiting the lottery
  {
    code: '184A',
    market: 'jpy',
    board: 'tse_growth',
    names: { jp: 'ハルカ・メディカル', cn: '遥医疗', us: 'Haruka Medical' },
    range: ['980', '1100'],
    offer: '1100',
    shares: 80_000,
    max: 500,
    underwriter: 'SBI証券',
    pe: '22.3',
    days: [-5, -1, 1, 4, 8],
    waitlist: 5,
  },
  // lottery drawn, payment period
  {
    code: '176A',
    market: 'jpy',
    board: 'tse_standard',
    names: { jp: 'ミナト物流', cn: '港物流', us: 'Minato Logistics' },
    range: ['640', '700'],
    offer: '700',
    shares: 120_000,
    max: 1000,
    underwriter: '三菱UFJモルガン・スタンレー証券',
    pe: '14.8',
    days: [-9, -5, -4, 1, 5],
  },
  {
    code: '168A',
    market: 'jpy',
    board: 'tse_growth',
    names: { jp: 'ユイ・ゲームス', cn: '结游戏', us: 'Yui Games' },
    range: ['1200', '1350'],
    offer: '1350',
    shares: 60_000,
    max: 500,
    underwriter: 'SMBC日興証券',
    pe: '30.1',
    days: [-8, -4, -3, 0.5, 3],
  },
  // listed
  {
    code: '160A',
    market: 'jpy',
    board: 'tse_growth',
    names: { jp: 'ソラ・ペイメンツ', cn: '天空支付', us: 'Sora Payments' },
    range: ['1600', '1800'],
    offer: '1800',
    shares: 100_000,
    max: 1000,
    underwriter: '野村證券',
    pe: '38.5',
    days: [-20, -16, -15, -12, -8],
  },
  {
    code: '153A',
    market: 'jpy',
    board: 'tse_prime',
    names: { jp: '北辰重工', cn: '北辰重工', us: 'Hokushin Heavy Industries' },
    range: ['2500', '2700'],
    offer: '2600',
    shares: 800_000,
    max: 3000,
    underwriter: '大和証券',
    pe: '11.2',
    days: [-35, -31, -30, -27, -23],
  },
  {
    code: '147A',
    market: 'jpy',
    board: 'tse_growth',
    names: { jp: 'ネクストバイオ', cn: '下一代生物', us: 'NextBio' },
    range: ['700', '780'],
    offer: '780',
    shares: 90_000,
    max: 500,
    underwriter: 'みずほ証券',
    pe: '—',
    days: [-50, -46, -45, -42, -38],
  },
];

export const seedPrice = (text: string): Units => parseUnits(text) as Units;

/**
 * The local time of each step, on the exchange's clock: the window opens at 09:00 and closes at 15:00,
 * the lottery is at 09:00, the payment deadline at 15:00, the listing at 09:00.
 */
const STEP_TIMES = ['09:00', '15:00', '09:00', '15:00', '09:00'] as const;
const DAY = 86_400_000;

/**
 * An offering's window start and end, lottery, payment deadline and listing: each on the exchange's
 * calendar (dates are exchange-local), the local date `days` from now at its step's local time, on a
 * business day of the market: a date that falls on a weekend or holiday moves to the trading day before
 * it when it is past (today or earlier) and to the one after it when it is ahead, and a step never comes
 * before the one it follows.
 */
export function seedSchedule(o: Pick<SeedOffering, 'market' | 'days'>, now: number): Date[] {
  const out: Date[] = [];
  let last: { date: string; minute: number } | null = null;
  for (const [i, d] of o.days.entries()) {
    const minute = parseHm(STEP_TIMES[i]);
    const raw = localDate(o.market, now + Math.round(d * DAY));
    let date = d <= 0 ? tradingDayOnOrBefore(o.market, raw) : tradingDayOnOrAfter(o.market, raw);
    if (last && (date < last.date || (date === last.date && minute < last.minute)))
      date = date === last.date || date < last.date ? nextTradingDay(o.market, last.date) : date;
    out.push(new Date(zonedEpoch(MARKET_ZONE[o.market], date, minute * 60)));
    last = { date, minute };
  }
  return out;
}
