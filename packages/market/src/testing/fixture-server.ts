import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type WebSocket, WebSocketServer } from 'ws';

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
  /** Base URL of Alpaca's market-data REST stand-in (`…/alpaca/v2`) and its stream (`ws://…/alpaca/stream`). */
  alpacaUrl: string;
  alpacaStreamUrl: string;
  /** Stream messages to every authenticated, subscribed client (an array frame, as Alpaca sends). */
  streamSend(messages: unknown[]): void;
  /** Drop every stream connection (the client should reconnect, resubscribe and backfill). */
  dropStream(): void;
  /** Stream connections so far and subscribe messages received. */
  streamStats: { connections: number; subscribes: number };
  /** Requests received, as `path?query`. */
  requests: string[];
  /**
   * Publish J-Quants daily bars of a later day (rows in `/equities/bars/daily`'s format), as J-Quants does
   * after that day's close: from now on they are answered with the recorded ones.
   */
  publishJQuantsBars(rows: Record<string, unknown>[]): void;
  /** Answer the next `n` requests with 429 and this Retry-After (seconds). */
  rateLimitNext(n: number, retryAfterSeconds?: number): void;
  close(): Promise<void>;
}

export const FIXTURE_API_KEY = 'fixture-key';
export const FIXTURE_SECRET = 'fixture-secret';

function alpaca(url: URL, res: ServerResponse) {
  const q = url.searchParams;
  const symbols = (q.get('symbols') ?? '').split(',').filter(Boolean);
  const pick = (all: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(all).filter(([k]) => symbols.includes(k)));
  const read = (name: string) => JSON.parse(readFileSync(join(FIXTURES, 'alpaca', name), 'utf8'));
  if (url.pathname === '/alpaca/v2/stocks/trades/latest')
    return json(res, 200, { trades: pick(read('stocks-trades-latest.json').trades) });
  if (url.pathname === '/alpaca/v2/stocks/bars') {
    const file = q.get('timeframe') === '1Min' ? 'stocks-bars-1min-gap.json' : 'stocks-bars-1day.json';
    return json(res, 200, { bars: pick(read(file).bars), next_page_token: null });
  }
  const one = /^\/alpaca\/v2\/stocks\/([^/]+)\/bars$/.exec(url.pathname);
  if (one) {
    const sym = decodeURIComponent(one[1]);
    if (q.get('timeframe') !== '1Day')
      return json(res, 200, { bars: [], symbol: sym, next_page_token: null });
    return json(res, 200, {
      bars: read('stocks-bars-1day.json').bars[sym] ?? [],
      symbol: sym,
      next_page_token: null,
    });
  }
  return json(res, 404, { code: 40410000, message: 'endpoint not found' });
}

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

function jquants(url: URL, res: ServerResponse, published: readonly Record<string, unknown>[]) {
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
      const rows = [...load('jquants/equities-bars-daily.json').data, ...published];
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
  const published: Record<string, unknown>[] = [];
  let limited = 0;
  let retryAfter = 1;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url.pathname + url.search);
    if (limited > 0) {
      limited--;
      return json(res, 429, { message: 'Too Many Requests' }, { 'retry-after': String(retryAfter) });
    }
    if (url.pathname.startsWith('/alpaca/v2/')) {
      if (
        req.headers['apca-api-key-id'] !== FIXTURE_API_KEY ||
        req.headers['apca-api-secret-key'] !== FIXTURE_SECRET
      ) {
        return json(res, 401, { code: 40110000, message: 'request is not authorized' });
      }
      return alpaca(url, res);
    }
    if (url.pathname.startsWith('/v2/')) {
      if (req.headers['x-api-key'] !== FIXTURE_API_KEY)
        return json(res, 401, { message: 'The incoming token is invalid or expired.' });
      return jquants(url, res, published);
    }
    return json(res, 404, { message: 'Not Found' });
  });
  // Alpaca's stream: connected → auth → authenticated → subscribe → subscription, then arrays of messages
  const wss = new WebSocketServer({ server, path: '/alpaca/stream' });
  const subscribed = new Set<WebSocket>();
  const streamStats = { connections: 0, subscribes: 0 };
  wss.on('connection', (ws) => {
    streamStats.connections++;
    ws.send(JSON.stringify([{ T: 'success', msg: 'connected' }]));
    ws.on('close', () => subscribed.delete(ws));
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as {
        action: string;
        key?: string;
        secret?: string;
        trades?: string[];
      };
      if (m.action === 'auth') {
        if (m.key === FIXTURE_API_KEY && m.secret === FIXTURE_SECRET)
          ws.send(JSON.stringify([{ T: 'success', msg: 'authenticated' }]));
        else ws.send(JSON.stringify([{ T: 'error', code: 402, msg: 'auth failed' }]));
      } else if (m.action === 'subscribe') {
        streamStats.subscribes++;
        subscribed.add(ws);
        ws.send(JSON.stringify([{ T: 'subscription', trades: m.trades ?? [], quotes: [], bars: [] }]));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    alpacaUrl: `http://127.0.0.1:${port}/alpaca/v2`,
    alpacaStreamUrl: `ws://127.0.0.1:${port}/alpaca/stream`,
    streamStats,
    streamSend(messages) {
      for (const ws of subscribed) ws.send(JSON.stringify(messages));
    },
    dropStream() {
      for (const ws of wss.clients) ws.terminate();
      subscribed.clear();
    },
    jquantsUrl: `http://127.0.0.1:${port}/v2`,
    requests,
    publishJQuantsBars(rows) {
      published.push(...rows);
    },
    rateLimitNext(n, secs = 1) {
      limited = n;
      retryAfter = secs;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const ws of wss.clients) ws.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
