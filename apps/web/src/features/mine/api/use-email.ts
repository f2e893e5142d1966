import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { scopes } from '../../../lib/query-scopes.ts';

export interface MailNotices {
  sign_in: boolean;
  withdrawal: boolean;
  margin_call: boolean;
  report: boolean;
}

/** `/user/email`: the address, one waiting for its link, the notices by mail, whether mail is sent. */
export const emailQuery = () =>
  queryOptions({
    queryKey: [...scopes.user, 'email'],
    queryFn: ({ signal }) => fetchData(endpoints.email.settings, {}, { signal }),
  });

export const useEmailSettings = () => useQuery(emailQuery());

/** `/user/setEmail {email, lang}`: a verification link to a new address, mails in the shown language. */
export function useSetAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => call(endpoints.email.setAddress, { email, lang: currentLanguage() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailQuery().queryKey }),
  });
}

/** `/user/emailNotices {sign_in, withdrawal, margin_call, report, lang}`. */
export function useSetNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (n: MailNotices) => call(endpoints.email.setNotices, { ...n, lang: currentLanguage() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailQuery().queryKey }),
  });
}
