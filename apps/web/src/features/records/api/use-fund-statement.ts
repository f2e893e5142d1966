import { useMutation } from '@tanstack/react-query';
import { call, type RefBody } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/** `/user/capitallogcsv {start, end, lang}`: the CSV statement of a JST date range, in the record list's words. */
export function useFundStatement() {
  return useMutation({
    mutationFn: (body: Omit<RefBody<typeof endpoints.funds.statement>, 'lang'>) =>
      call(endpoints.funds.statement, { ...body, lang: currentLanguage() }),
  });
}
