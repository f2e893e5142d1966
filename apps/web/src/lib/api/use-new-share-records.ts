import type { Language } from '@kabuto/contract';
import type { Market } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData, type RefData } from '../api.ts';
import { endpoints } from '../endpoints.ts';
import { scopes } from '../query-scopes.ts';

type WireRecord = RefData<typeof endpoints.newShares.applications>[number];

/** A subscription record in English names. */
export interface ApplicationRecord {
  id: string;
  offeringId: string;
  orderNo: string;
  name: string;
  code: string;
  price: string;
  shares: number;
  allotted: number;
  amount: string;
  money: string | null;
  status: number;
  outcome: 'pending' | 'won' | 'waitlisted' | 'lost';
  stateKey: string;
  lottery: number;
  paymentDeadline: number;
  listing: number;
  canAbstain: boolean;
  created: number;
}

const toRecord = (r: WireRecord): ApplicationRecord => ({
  id: r.id,
  offeringId: r.offering_id,
  orderNo: r.order_no,
  name: r.stock_name,
  code: r.stock_code,
  price: r.apply_price,
  shares: r.apply_total,
  allotted: r.lucky_total,
  amount: r.subs_value,
  money: r.rjmoney === '-' ? null : r.rjmoney,
  status: r.status,
  outcome: r.outcome,
  stateKey: r.xgstate,
  lottery: r.gb_date,
  paymentDeadline: r.fq_date,
  listing: r.ss_date,
  canAbstain: r.can_abstain,
  created: r.create_time,
});

/**
 * `/trade/usernewstocklist {type, lang}`: the user's applications of a market, newest first (the new-share
 * records screen and the positions' "new shares" tab).
 */
export const recordsQuery = (type: Market, lang: Language) =>
  queryOptions({
    queryKey: [...scopes.newShares, 'records', type, lang],
    queryFn: async ({ signal }): Promise<ApplicationRecord[]> =>
      (await fetchData(endpoints.newShares.applications, { type, lang }, { signal })).map(toRecord),
    staleTime: 0,
  });

export const useRecords = (type: Market, lang: Language) => useQuery(recordsQuery(type, lang));
