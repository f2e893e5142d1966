import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed URLs for `<img src>` (like an S3 presigned URL): the query carries the session id
 * `s`, the expiry `e` (unix seconds) and `sig`, an HMAC-SHA256 keyed by the session's secret (its token
 * hash, never sent) over the path, the expiry, the session and its holder (a user or an operator).
 * Altering any of them, or using the URL after `e` or after the session ended, fails.
 */
export interface SignedQuery {
  sessionId: bigint;
  expires: number;
  sig: string;
}

const SIG_HEX = 40;

export const urlSignature = (key: string, path: string, expires: number, sessionId: bigint, holder: string) =>
  createHmac('sha256', key)
    .update(`${path}|${expires}|${sessionId}|${holder}`)
    .digest('hex')
    .slice(0, SIG_HEX);

/** `path?s=&e=&sig=` for a session, valid for `ttlS` seconds from `nowMs`. */
export function signedUrl(
  path: string,
  session: { sessionId: bigint; key: string; holder: string },
  nowMs: number,
  ttlS: number,
): string {
  const e = Math.floor(nowMs / 1000) + ttlS;
  const sig = urlSignature(session.key, path, e, session.sessionId, session.holder);
  return `${path}?s=${session.sessionId}&e=${e}&sig=${sig}`;
}

/** The signature parameters of a query, if they are well-formed and not expired at `nowMs`; else null. */
export function readSignedQuery(query: unknown, nowMs: number): SignedQuery | null {
  const q = (query ?? {}) as Record<string, unknown>;
  const s = typeof q.s === 'string' && /^\d{1,18}$/.test(q.s) ? BigInt(q.s) : null;
  const e = typeof q.e === 'string' && /^\d{1,12}$/.test(q.e) ? Number(q.e) : null;
  const sig = typeof q.sig === 'string' && q.sig.length === SIG_HEX ? q.sig : null;
  if (s === null || e === null || sig === null || e * 1000 < nowMs) return null;
  return { sessionId: s, expires: e, sig };
}

/** Whether `q.sig` is the signature of `path` for this session's key and holder (constant time). */
export function signatureMatches(q: SignedQuery, path: string, key: string, holder: string): boolean {
  const want = Buffer.from(urlSignature(key, path, q.expires, q.sessionId, holder));
  const got = Buffer.from(q.sig);
  return want.length === got.length && timingSafeEqual(want, got);
}
