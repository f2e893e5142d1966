import type { contentApi } from '@kabuto/contract';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

export type DocumentName = (typeof contentApi.WENBEN_NAMES)[number];

/** `/common/wenben {name, lang}`: an agreement page (user agreement, privacy, about) as HTML. */
export function useWenben(name: DocumentName) {
  const lang = currentLanguage();
  return useQuery({
    queryKey: ['wenben', name, lang],
    queryFn: ({ signal }) => fetchData(endpoints.content.wenben, { name, lang }, { signal }),
    staleTime: 10 * 60_000,
  });
}
