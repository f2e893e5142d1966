import type { Language } from '@kabuto/contract';
import type { Currency } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData, type RefData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { scopes } from '../../../lib/query-scopes.ts';

type WireRecord = RefData<typeof endpoints.blockTrades.subscriptions>[number];

/** A block subscription: 0 pending (money frozen), 1 allocated, 2 refunded. */
export interface BlockRecord {
  id: string;
  orderNo: string;
  offeringId: string;
  name: string;
  symbol: string;
  price: string;
  applied: number;
  allocated: number;
  held: string;
  status: number;
  createdAt: number;
  decidedAt: number | null;
}

const toRecord = (w: WireRecord): BlockRecord => ({
  id: w.id,
  orderNo: w.order_no,
  offeringId: w.offering_id,
  name: w.stock_name,
  symbol: w.stock_code,
  price: w.buy_price,
  applied: w.zhang,
  allocated: w.cj_num,
  held: w.credit,
  status: w.status,
  createdAt: w.create_time,
  decidedAt: w.decide_time,
});

/** `/trade/ustockslist {type, lang}`: my block subscriptions, newest first (names in the app's language). */
export const blockRecordsQuery = (type: Currency, lang = currentLanguage() as Language) =>
  queryOptions({
    queryKey: [...scopes.money, 'block-records', type, lang],
    queryFn: async ({ signal }): Promise<BlockRecord[]> =>
      (await fetchData(endpoints.blockTrades.subscriptions, { type: type as 'jpy', lang }, { signal })).map(
        toRecord,
      ),
    staleTime: 0,
  });

export const useBlockRecords = (type: Currency) => useQuery(blockRecordsQuery(type));
