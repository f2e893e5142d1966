import type { reportsApi } from '@kabuto/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, fetchData, type RefData } from '../../../lib/api.ts';
import type { EndpointRef } from '../../../lib/endpoints.ts';
import { showMsg } from '../../../lib/messages.ts';
import { scopes } from '../../../lib/query-scopes.ts';
import { readItem, STORAGE_KEYS } from '../../../lib/storage.ts';
import { ACCOUNT_HEADER, API_BASE, LIST_ALL, TOKEN_HEADER } from '../../../lib/transport.ts';

/** The report calls (kept with the reports screen, out of the first screen's code). */
export const reportEndpoints = {
  list: { path: '/user/reports' } as EndpointRef<typeof reportsApi.list>,
  file: { path: '/user/report_file' } as EndpointRef<typeof reportsApi.file>,
  statement: { path: '/user/report_statement' } as EndpointRef<typeof reportsApi.statement>,
};

export type Report = RefData<typeof reportEndpoints.list>['list'][number];
export type ReportKind = Report['kind'];
export const REPORT_KINDS: readonly ReportKind[] = ['trade', 'balance', 'annual'];

export const reportsQuery = () =>
  queryOptions({
    queryKey: [...scopes.money, 'reports'],
    queryFn: async ({ signal }) =>
      (await fetchData(reportEndpoints.list, { size: LIST_ALL }, { signal })).list,
    staleTime: 0,
  });

export const useReports = () => useQuery(reportsQuery());

/** `/user/report_statement {start, end}`: a statement of balances for a past period, made once. */
export function useMakeStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { start: string; end: string }) => call(reportEndpoints.statement, v),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsQuery().queryKey }),
  });
}

/**
 * Download one report: the reply is the PDF itself (or a refusal in the usual envelope), saved under the
 * name the server gives. Resolves true when the file was handed to the browser.
 */
export async function downloadReport(id: string): Promise<boolean> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = readItem(STORAGE_KEYS.token);
  const account = readItem(STORAGE_KEYS.account);
  if (token) headers[TOKEN_HEADER] = token;
  if (account) headers[ACCOUNT_HEADER] = account;
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${reportEndpoints.file.path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ id }),
    });
  } catch {
    showMsg('network.error');
    return false;
  }
  if (res.status === 401) {
    showMsg('auth.loginAgain');
    return false;
  }
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('application/pdf')) {
    const body = (await res.json().catch(() => null)) as {
      code?: string;
      params?: Record<string, string>;
    } | null;
    showMsg(body?.code ?? 'network.error', body?.params);
    return false;
  }
  const blob = await res.blob();
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'kabuto-report.pdf';
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
