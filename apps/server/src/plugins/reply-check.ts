import { ADMIN_API_BASE, API_BASE, type Endpoint } from '@kabuto/contract';
import type { onSendAsyncHookHandler } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint a route serves (set by the route kits), for the reply check. */
    endpoint?: Endpoint;
  }
}

/** A `{status: 1, data}` reply whose data does not match its endpoint's data schema. */
export interface ReplyMismatch {
  /** The request URL. */
  url: string;
  /** One line per problem: `<path in data>: <what is wrong>`. */
  problems: string[];
}

export type OnReplyMismatch = (mismatch: ReplyMismatch) => void;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Fields the reply carries that the schema's output dropped: an object schema keeps only the fields it
 * declares, so a field missing from the parse output is a field the contract does not describe.
 */
function undeclared(sent: unknown, parsed: unknown, at: string, out: string[]): void {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    for (const [i, v] of sent.entries()) undeclared(v, parsed[i], `${at}[${i}]`, out);
  } else if (isObject(sent) && isObject(parsed)) {
    for (const [k, v] of Object.entries(sent)) {
      const path = at ? `${at}.${k}` : k;
      if (!(k in parsed)) out.push(`${path}: not in the contract`);
      else undeclared(v, parsed[k], path, out);
    }
  }
}

/** The problems of one reply's data against an endpoint's data schema (none: it matches). */
export function replyProblems(endpoint: Endpoint, data: unknown): string[] {
  const r = endpoint.data.safeParse(data);
  if (!r.success) {
    return r.error.issues.map(
      (i) =>
        `${i.path.map(String).join('.') || '(data)'}: ${i.message}${
          i.code === 'invalid_type' ? ` (sent ${JSON.stringify(valueAt(data, i.path))})` : ''
        }`,
    );
  }
  const out: string[] = [];
  undeclared(data, r.data, '', out);
  return out;
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = data;
  for (const k of path) v = isObject(v) || Array.isArray(v) ? (v as any)[k as any] : undefined;
  return v;
}

/**
 * onSend hook: every `{status: 1, data}` reply under /api/vue and /api/admin is parsed back from the wire
 * and checked against its endpoint's data schema; a reply of a route that names no endpoint is a mismatch
 * too. Used by the API tests (every reply of every test passes through it); production does not pay for it.
 */
export function replyCheck(onMismatch: OnReplyMismatch): onSendAsyncHookHandler<unknown> {
  return async (request, _reply, payload) => {
    if (typeof payload !== 'string' || payload[0] !== '{') return payload;
    const url = request.url.split('?')[0];
    if (!url.startsWith(`${API_BASE}/`) && !url.startsWith(`${ADMIN_API_BASE}/`)) return payload;
    let body: { status?: unknown; data?: Json };
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    if (body.status !== 1) return payload;
    const endpoint = request.routeOptions.config.endpoint;
    const problems = endpoint
      ? replyProblems(endpoint, body.data)
      : ['(route): replies {status: 1} but declares no contract endpoint'];
    if (problems.length > 0) onMismatch({ url: request.url, problems });
    return payload;
  };
}
