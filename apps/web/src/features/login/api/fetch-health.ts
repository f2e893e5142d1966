import { HEALTH_PATH } from '../../../lib/early-endpoints.ts';

export interface Health {
  status: string;
  version: string;
  time: string | number;
}

/** `GET /healthz`: the server is up, and which version it runs. */
export async function fetchHealth(signal?: AbortSignal): Promise<Health> {
  const res = await fetch(HEALTH_PATH, {
    headers: { accept: 'application/json' },
    signal,
    cache: 'no-store',
  });
  if (!res.ok) throw new Error(`healthz ${res.status}`);
  return (await res.json()) as Health;
}
