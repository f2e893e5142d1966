import type { Market } from '@kabuto/domain';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from '../api.ts';
import { endpoints } from '../endpoints.ts';
import { currentLanguage } from '../i18n.ts';
import { POLL_MS, useStreamUp } from '../quote-stream.ts';

/** `/parameter/zhishu {type}`: the market's indices first, then the other markets'. Polls while the stream is down. */
export function useIndices(market: Market) {
  const live = useStreamUp();
  const lang = currentLanguage();
  return useQuery({
    queryKey: ['quotes', 'indices', market, lang],
    queryFn: ({ signal }) =>
      fetchData(endpoints.quotes.zhishu, { type: market, lang }, { signal, silent: true }),
    refetchInterval: live ? false : POLL_MS,
    staleTime: 10_000,
  });
}
