import type { contentApi } from '@kabuto/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { scopes } from '../../../lib/query-scopes.ts';

export type DocumentName = (typeof contentApi.CONTENT_PAGE_NAMES)[number];

/** `/common/wenben {name, lang}`: an agreement page (user agreement, privacy, about) as HTML. */
export const documentQuery = (name: DocumentName, lang = currentLanguage()) =>
  queryOptions({
    queryKey: [...scopes.content, 'document', name, lang],
    queryFn: ({ signal }) => fetchData(endpoints.content.page, { name, lang }, { signal }),
    staleTime: 10 * 60_000,
  });

export const useContentPage = (name: DocumentName) => useQuery(documentQuery(name));
