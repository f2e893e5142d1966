import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A local stand-in for the providers' HTTP APIs, for tests: it answers on an ephemeral port of 127.0.0.1
 * with the recorded replies in `packages/market/fixtures/` (written from the providers' documentation),
 * filtered by the query parameters the documentation describes. No test calls the internet.
 */
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures');

const load = (name: string) =>
  JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as {
    data: Record<string, unknown>[];
    pagination_key?: string;
  };

export interface FixtureServer {
  /** Base URL of the J-Quants stand-in (`…/v2`). */
  jquantsUrl: string;
  /** Requests received, as `path?query`. */
  requests: string[];
  /** Answer the next `n` requests with 429 and this Retry-After (seconds). */
  rateLimitNext(n: number, retryAfterSeconds?: number): void;
  close(): Promise<void>;
}

export const FIXTURE_API_KEY = 'fixture-key';

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const codeMatches = (want: string | null, code: unknown) =>
  want === null || code === want || (want.length === 4 && code === `${want}0`);
const inRange = (date: unknown, q: URLSearchParams) => {
  const d = String(date);
  const norm = (v: string | null) =>
    v && /^\d{8}$/.test(v) ? `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6)}` : v;
  const on = norm(q.get('date'));
  const from = norm(q.get('from'));
  const to = norm(q.get('to'));
  if (on && d !== on) return false;
  if (from && d < from) return false;
  if (to && d > to) return false;
  return true;
};

function jquants(url: URL, res: ServerResponse) {
  const q = url.searchParams;
  switch (url.pathname) {
    case '/v2/equities/master': {
      const page =
        q.get('pagination_key') === 'p2'
          ? load('jquants/equities-master.p2.json')
          : load('jquants/equities-master.json');
      return json(res, 200, { ...page, data: page.data.filter((r) => codeMatches(q.get('code'), r.Code)) });
    }
    case '/v2/equities/bars/daily': {
      if (!q.get('code') && !q.get('date'))
        return json(res, 400, {
          message: "This API requires at least 1 parameter as follows; 'date','code'.",
        });
      const rows = load('jquants/equities-bars-daily.json').data;
      return json(res, 200, {
        data: rows.filter((r) => codeMatches(q.get('code'), r.Code) && inRange(r.Date, q)),
      });
    }
    case '/v2/indices/bars/daily/topix':
      return json(res, 200, {
        data: load('jquants/indices-bars-daily-topix.json').data.filter((r) => inRange(r.Date, q)),
      });
    case '/v2/markets/calendar':
      return json(res, 200, {
        data: load('jquants/markets-calendar.json').data.filter((r) => inRange(r.Date, q)),
      });
    case '/v2/fins/dividend': {
      if (!q.get('code') && !q.get('date'))
        return json(res, 400, {
          message: "This API requires at least 1 parameter as follows; 'date','code'.",
        });
      return json(res, 200, {
        data: load('jquants/fins-dividend.json').data.filter((r) => codeMatches(q.get('code'), r.Code)),
      });
    }
    default:
      return json(res, 404, { message: 'Not Found' });
  }
}

export async function startFixtureServer(): Promise<FixtureServer> {
  const requests: string[] = [];
  let limited = 0;
  let retryAfter = 1;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url.pathname + url.search);
    if (limited > 0) {
      limited--;
      return json(res, 429, { message: 'Too Many Requests' }, { 'retry-after': String(retryAfter) });
    }
    if (url.pathname.startsWith('/v2/')) {
      if (req.headers['x-api-key'] !== FIXTURE_API_KEY)
        return json(res, 401, { message: 'The incoming token is invalid or expired.' });
      return jquants(url, res);
    }
    return json(res, 404, { message: 'Not Found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    jquantsUrl: `http://127.0.0.1:${port}/v2`,
    requests,
    rateLimitNext(n, secs = 1) {
      limited = n;
      retryAfter = secs;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
