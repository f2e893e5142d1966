import { adminApi } from '@kabuto/contract';
import { adminUrl } from './api.ts';

/**
 * Where an image field points. Uploads are served to operators only, so same-origin API paths and bare
 * upload names are fetched with the bearer token and shown from a blob URL; other URLs load directly.
 */
export function resolveImage(
  value: string,
  origin = globalThis.location?.origin ?? '',
): { url: string; auth: boolean } {
  const v = value.trim();
  if (/^(data|blob):/i.test(v)) return { url: v, auth: false };
  if (/^https?:\/\//i.test(v)) {
    try {
      const u = new URL(v);
      if (origin && u.origin === origin) {
        return {
          url: `${u.pathname}${u.search}`,
          auth: u.pathname.startsWith('/api/') && !u.searchParams.has('sig'),
        };
      }
    } catch {
      // not a URL after all: load as written
    }
    return { url: v, auth: false };
  }
  // A URL the server signed for this session loads as it is (and the browser may cache it).
  if (v.startsWith('/')) return { url: v, auth: v.startsWith('/api/') && !/[?&]sig=/.test(v) };
  const name = v.split('/').pop() ?? v;
  return { url: adminUrl(adminApi.upload.path.replace(':name', encodeURIComponent(name))), auth: true };
}
