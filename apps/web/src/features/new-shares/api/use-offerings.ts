import type { Language } from '@kabuto/contract';
import type { Market } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData, type RefData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { scopes } from '../../../lib/query-scopes.ts';

type WireOffering = RefData<typeof endpoints.newShares.offerings>[number];

/** 0 upcoming, 1 subscribing, 2 ended. */
export type Phase = 0 | 1 | 2;

export interface OwnApplication {
  id: string;
  shares: number;
  allotted: number;
  /** Money held or paid; null when none. */
  money: string | null;
  status: number;
  outcome: 'pending' | 'won' | 'waitlisted' | 'lost';
  /** msg key of the state. */
  stateKey: string;
}

/** An offering in English names (the wire's pinyin ones mapped once, here). */
export interface Offering {
  id: string;
  name: string;
  code: string;
  market: Market;
  board: string;
  refPrice: string;
  offerPrice: string;
  rangeLow: string;
  rangeHigh: string;
  priced: boolean;
  shares: number;
  maxShares: number;
  lot: number;
  start: number;
  end: number;
  lottery: number;
  paymentDeadline: number;
  listing: number;
  underwriter: string;
  pe: string;
  phase: Phase;
  state: number;
  commitment: string;
  seed: string;
  applicants: number;
  winRate: string;
  mine: OwnApplication | null;
}

export const toOffering = (o: WireOffering): Offering => ({
  id: o.id,
  name: o.name,
  code: o.code,
  market: o.market as Market,
  board: o.board,
  refPrice: o.price,
  offerPrice: o.bprice,
  rangeLow: o.min_price,
  rangeHigh: o.max_price,
  priced: o.priced,
  shares: o.num,
  maxShares: o.max_num,
  lot: o.min_num,
  start: o.start,
  end: o.end,
  lottery: o.gb_date,
  paymentDeadline: o.fq_date,
  listing: o.ss_date,
  underwriter: o.underwriter,
  pe: o.pe,
  phase: o.status as Phase,
  state: o.state,
  commitment: o.commitment,
  seed: o.seed,
  applicants: o.applicants,
  winRate: o.win_rate,
  mine: o.mine
    ? {
        id: o.mine.id,
        shares: o.mine.apply_total,
        allotted: o.mine.lucky_total,
        money: o.mine.rjmoney === '-' ? null : o.mine.rjmoney,
        status: o.mine.status,
        outcome: o.mine.outcome,
        stateKey: o.mine.xgstate,
      }
    : null,
});

/** `/trade/placinglist {type, lang}`: every offering of a market (the screens split them by phase). */
export const offeringsQuery = (type: Market, lang: Language) =>
  queryOptions({
    queryKey: [...scopes.newShares, 'offerings', type, lang],
    queryFn: async ({ signal }): Promise<Offering[]> =>
      (await fetchData(endpoints.newShares.offerings, { type, lang }, { signal })).map(toOffering),
    staleTime: 10_000,
  });

export const useOfferings = (type: Market, lang: Language) => useQuery(offeringsQuery(type, lang));
