import type { Language } from '@kabuto/contract';
import type { Currency } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData, type RefData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { scopes } from '../../../lib/query-scopes.ts';

type WireOffering = RefData<typeof endpoints.blockTrades.offerings>[number];

/** A block offering (or, in the after-market list, a listed stock at the closing price). */
export interface Offering {
  id: string;
  symbol: string;
  name: string;
  market: string;
  /** Block price, or the day's closing price. */
  price: string;
  /** Minimum shares (`stock_num`). */
  minimum: number;
  /** Shares offered (`num`; 0 in the after-market list). */
  shares: number;
  needsPassword: boolean;
  start: number;
  end: number;
  status: number;
  commitment: string;
  seed: string;
  /** After-market: its daily hours on trading days, "HH:MM-HH:MM" local ("" for block offerings). */
  hours: string;
  /** After-market: open now by the server's clock (undefined for block offerings). */
  windowOpen?: boolean;
}

const toOffering = (w: WireOffering): Offering => ({
  id: w.id,
  symbol: w.symbol,
  name: w.name,
  market: w.market,
  price: w.price,
  minimum: w.stock_num,
  shares: w.num,
  needsPassword: w.password,
  start: w.start,
  end: w.end,
  status: w.status,
  commitment: w.commitment,
  seed: w.seed,
  hours: w.hours ?? '',
  windowOpen: w.window_open,
});

/** `/trade/nbhllist {type, dz_type, lang}`: 0 block offerings, 1 the after-market list (names in the app's language). */
export const offeringsQuery = (
  type: Currency,
  kind: 'block' | 'afterMarket',
  lang = currentLanguage() as Language,
) =>
  queryOptions({
    queryKey: [...scopes.money, 'block-offerings', type, kind, lang],
    queryFn: async ({ signal }): Promise<Offering[]> =>
      (
        await fetchData(
          endpoints.blockTrades.offerings,
          { type: type as 'jpy', dz_type: kind === 'block' ? 0 : 1, lang },
          { signal },
        )
      ).map(toOffering),
    staleTime: 0,
  });

export const useOfferings = (type: Currency, kind: 'block' | 'afterMarket') =>
  useQuery(offeringsQuery(type, kind));
