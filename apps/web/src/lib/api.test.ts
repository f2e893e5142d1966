import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, callEarly } from './api.ts';
import { endpoints } from './endpoints.ts';

/** fetch stub: answers every request with the next reply, recording each request's path and body. */
function stubFetch() {
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ path: new URL(url, 'http://app').pathname, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ status: 1, data: { n: sent.length } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('reads sent early for the opening screen', () => {
  it('are taken once by the same call, whatever the order of the body keys', async () => {
    const sent = stubFetch();
    callEarly(endpoints.quotes.indices, { type: 'jpy', lang: 'jp' });
    expect(sent).toHaveLength(1);
    const first = await call(endpoints.quotes.indices, { lang: 'jp', type: 'jpy' }, { silent: true });
    expect(first.data).toEqual({ n: 1 });
    expect(sent).toHaveLength(1);
    // taken once: the next identical call asks again
    const second = await call(endpoints.quotes.indices, { type: 'jpy', lang: 'jp' }, { silent: true });
    expect(second.data).toEqual({ n: 2 });
    expect(sent).toHaveLength(2);
  });

  it('are not taken by a call with another body, nor once they are stale', async () => {
    const sent = stubFetch();
    callEarly(endpoints.quotes.indices, { type: 'jpy', lang: 'jp' });
    await call(endpoints.quotes.indices, { type: 'usd', lang: 'jp' }, { silent: true });
    expect(sent.map((s) => s.body)).toEqual([
      { type: 'jpy', lang: 'jp' },
      { type: 'usd', lang: 'jp' },
    ]);

    vi.useFakeTimers({ toFake: ['Date'] });
    callEarly(endpoints.account.notices, { lang: 'jp', size: 100 });
    vi.setSystemTime(Date.now() + 11_000);
    await call(endpoints.account.notices, { lang: 'jp', size: 100 }, { silent: true });
    expect(sent.filter((s) => s.path.endsWith('/user/notice'))).toHaveLength(2);
  });
});
