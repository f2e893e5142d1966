import { useMutation } from '@tanstack/react-query';
import { call, type RefBody } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';

/** `/user/capitallogcsv {start, end}`: the CSV statement of a JST date range. */
export function useFundStatement() {
  return useMutation({
    mutationFn: (body: RefBody<typeof endpoints.funds.capitallogcsv>) =>
      call(endpoints.funds.capitallogcsv, body),
  });
}
