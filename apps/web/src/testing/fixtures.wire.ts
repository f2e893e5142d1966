/** Replies of the wire, as the server sends them (its pinyin names included), for component tests. */
import type { tradingApi } from '@kabuto/contract';
import type { z } from 'zod';
import type { marginEndpoints } from '../lib/api/use-margin.ts';
import type { RefData } from '../lib/api.ts';
import type { endpoints } from '../lib/endpoints.ts';

type UserInfoWire = RefData<typeof endpoints.account.userInfo>;

/** `/user/getUserinfo` for a verified user with a fund password and ¥1,000,000 available. */
export const userInfoWire = (over: Partial<UserInfoWire> = {}): UserInfoWire => ({
  account: 'tanaka01',
  invite_code: 'ABCD12',
  is_true: 1,
  realname: '田中 太郎',
  id_card: '1234********',
  has_fund_password: true,
  passwords: '1',
  state: 'active',
  xyf: 100,
  kyc_reason: '',
  available: '1000000.0000',
  frozen: '0.0000',
  total_assets: '1000000.0000',
  jpy: '1000000.0000',
  usd: '5000.0000',
  ...over,
});

type CardWire = RefData<typeof endpoints.funds.cards>[number];

/** `/user/cardList`: one ordinary account at MUFG. */
export const cardsWire = (): CardWire[] => [
  {
    id: '11',
    realname: '田中 太郎',
    bank_num: '****5678',
    bank_name: '三菱UFJ銀行',
    bank_address: '渋谷支店',
    bank_code: '0005',
    account_type: 'ordinary',
    create_time: 1_764_000_000,
  },
];

type SummaryWire = RefData<typeof endpoints.assets.summary>;

/** `/user/assets_summary` of a user with ¥1,000,000 in cash and `positions` open positions. */
export const assetsSummaryWire = (positions = 0): SummaryWire => ({
  currency: 'jpy',
  total: '1000000.0000',
  cash: '1000000.0000',
  frozen: '0.0000',
  reserved: '0.0000',
  margin: '0.0000',
  stake: '0.0000',
  pnl: '0.0000',
  owed: '0.0000',
  net: '1000000.0000',
  positions,
  spread: '0.5',
  time: 1_764_000_000,
  wallets: [],
});

/** `/common/config`: public settings as `[{name, value}]` (JSON values as the server sends them). */
export const configWire = (settings: Record<string, unknown>) =>
  Object.entries(settings).map(([name, value]) => ({
    name,
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }));

type PositionWire = z.infer<typeof tradingApi.positionRow>;

/** One position row of `/trade/userstocklist(s)`: 100 shares of MUFG held long at ¥1,500. */
export const positionWire = (over: Partial<PositionWire> = {}): PositionWire => ({
  id: '501',
  order_no: 'T501',
  strategy_num: 'T501',
  nisa: 0,
  stock_name: '三菱UFJ',
  stock_code: '8306',
  market: 'jpy',
  buyzd: 1,
  ganggang: '2',
  gdlx: 1,
  buy_price: '1500.0000',
  stock_num: '100',
  nowprice: 1520,
  sell_price: '0.0000',
  credit: '75000.0000',
  yingkui: 2000,
  gain: 1.33,
  buy_fee: '0.0000',
  sell_fee: '0.0000',
  buy_poundage: '0.0000',
  sell_poundage: '0.0000',
  stamp_duty: '0.0000',
  status: 0,
  buy_time: 1_764_000_000,
  sell_time: null,
  limit_price: '',
  close_reason: '',
  dz_type: 0,
  source: 'order',
  lent: 0,
  timing: 'any',
  valid_until: '',
  waits_for: null,
  locked: 0,
  financing: '0.0000',
  term_end: '',
  ...over,
});

/** The position lists' shape: rows under numeric keys, beside the list's summary figures. */
export const positionList = (rows: PositionWire[], summary: Record<string, string | number>) => ({
  ...Object.fromEntries(rows.map((r, i) => [String(i), r])),
  ...summary,
});

type OfferingWire = RefData<typeof endpoints.newShares.offerings>[number];

/** One offering of `/trade/placinglist`, subscribing now: ¥1,200 a share, lots of 100, up to 1,000. */
export const offeringWire = (over: Partial<OfferingWire> = {}): OfferingWire => ({
  id: '77',
  name: 'カブトテック',
  names: { jp: 'カブトテック', cn: 'Kabuto科技', us: 'Kabuto Tech' },
  code: '5999',
  market: 'jpy',
  board: 'tse_growth',
  price: '1200.0000',
  bprice: '1200.0000',
  min_price: '1100.0000',
  max_price: '1200.0000',
  priced: true,
  num: 1_000_000,
  max_num: 1000,
  min_num: 100,
  start: 1_764_000_000,
  end: 1_764_300_000,
  gb_date: 1_764_400_000,
  fq_date: 1_764_600_000,
  ss_date: 1_765_000_000,
  underwriter: '野村證券',
  pe: '25.1',
  status: 1,
  state: 0,
  commitment: 'a'.repeat(64),
  entries_commitment: '',
  seed: '',
  applicants: 120,
  win_rate: '',
  mine: null,
  ...over,
});

type MarginWire = RefData<typeof marginEndpoints.account>;

/** `/user/margin_account`: no account yet unless overridden. */
export const marginWire = (over: Partial<MarginWire> = {}): MarginWire => ({
  status: 'none',
  legacy: 0,
  reason: '',
  line: '20.00',
  emergency: '10.00',
  min_collateral: '300000.0000',
  books: [],
  calls: [],
  ...over,
});

/** An open margin book of the yen market: ¥900,000 of contract value, ratio 25.50%. */
export const marginBookWire = (
  over: Partial<MarginWire['books'][number]> = {},
): MarginWire['books'][number] => ({
  type: 'jpy',
  collateral: '250000.0000',
  notional: '900000.0000',
  pnl: '-20500.0000',
  ratio: '25.50',
  positions: 1,
  financing: '1200.0000',
  ...over,
});
