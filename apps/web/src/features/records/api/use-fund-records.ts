import type { FundRecordType } from '@kabuto/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type WithAmount, withAmount } from '../../../lib/api/wire-amount.ts';
import { fetchData, type RefData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { scopes } from '../../../lib/query-scopes.ts';

/** One fund record; `amount` (signed: + in, − out) is the wire's `money`. */
export type FundRecord = WithAmount<Extract<RefData<typeof endpoints.funds.records>, unknown[]>[number]>;

export interface RecordFilter {
  kind?: FundRecordType;
  /** JST dates YYYY-MM-DD. */
  start?: string;
  end?: string;
}

const PAGE_SIZE = 20;

/**
 * `/user/capitalloglist {kind?, start?, end?, page, size, after?, lang}`: fund records of every wallet,
 * page by page, each with its words (title, detail) in the interface language, as the CSV statement has
 * them. Each next page starts `after` the last record loaded (a seek), so a record written while the list
 * is open neither repeats a row nor hides one.
 */
export const fundRecordsQuery = (filter: RecordFilter, lang = currentLanguage()) =>
  infiniteQueryOptions({
    queryKey: [...scopes.money, 'records', filter, lang],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }): Promise<{ list: FundRecord[]; total: number }> => {
      const page = await fetchData(
        endpoints.funds.records,
        {
          ...(filter.kind ? { kind: filter.kind } : {}),
          ...(filter.start ? { start: filter.start } : {}),
          ...(filter.end ? { end: filter.end } : {}),
          page: 1,
          ...(pageParam ? { after: pageParam } : {}),
          size: PAGE_SIZE,
          lang,
        },
        { signal },
      );
      // a request with a page is answered {list, total} (an array answers requests without one)
      const { list, total } = Array.isArray(page) ? { list: page, total: page.length } : page;
      return { list: list.map(withAmount), total };
    },
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.list.length, 0) < last.total && last.list.length > 0
        ? last.list[last.list.length - 1].id
        : undefined,
    staleTime: 0,
  });

export const useFundRecords = (filter: RecordFilter) => useInfiniteQuery(fundRecordsQuery(filter));
