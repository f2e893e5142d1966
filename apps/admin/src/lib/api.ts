import { type BodyIn, createClient, type DataOut } from '@kabuto/client';
import { ADMIN_API_BASE, type Endpoint } from '@kabuto/contract';
import { expireSession, getToken } from './session.ts';

export { ApiError, type ApiErrorKind, type BodyIn, type DataOut, errorKey, isApiError } from '@kabuto/client';

/** The back office's client: a 401 on a call that needs a login ends the operator's session. */
const client = createClient({
  base: ADMIN_API_BASE,
  credentials: 'same-origin',
  onUnauthorized: expireSession,
});

/** The URL of an admin endpoint. */
export const adminUrl = (path: string): string => client.url(path);

/**
 * POST one back-office call: JSON body, bearer token, `{status, data}` envelope.
 * HTTP 401 ends the session (the app shows the login screen); a refusal throws its msg key.
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  body: BodyIn<E>,
  init: { signal?: AbortSignal } = {},
): Promise<DataOut<E>> {
  const token = getToken();
  const reply = await client.post<DataOut<E>>(endpoint.path, body, {
    signal: init.signal,
    needsSession: endpoint.auth,
    headers: endpoint.auth && token ? { authorization: `Bearer ${token}` } : undefined,
  });
  return reply.data;
}
