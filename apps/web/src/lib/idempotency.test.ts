import type { fundsApi } from '@kabuto/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EndpointRef } from './endpoints.ts';
import { moneyCaller, newIdempotencyKey } from './idempotency.ts';

const rotation: EndpointRef<typeof fundsApi.exchange> = { path: '/user/rotation' };
const body = { money: '1000', from: 'jpy', to: 'usd' } as const;

/** fetch stub: answers in turn, recording the Idempotency-Key of each request. */
function stubFetch(answers: (() => Promise<Response>)[]) {
  const keys: (string | undefined)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)['idempotency-key']);
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next();
    }),
  );
  return keys;
}

const json = (value: unknown) => async () =>
  new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

afterEach(() => vi.unstubAllGlobals());

describe('money calls and their Idempotency-Key', () => {
  it('makes UUID v4 keys', () => {
    expect(newIdempotencyKey()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });

  it('retries the same request after a network failure under the same key', async () => {
    const keys = stubFetch([offline, json({ status: 1, data: { order_number: 'X1' } })]);
    const send = moneyCaller(rotation);
    await expect(send(body, { silent: true })).rejects.toMatchObject({ kind: 'network' });
    await expect(send(body, { silent: true })).resolves.toMatchObject({ data: { order_number: 'X1' } });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('uses a new key after an answer, and for a different request', async () => {
    const keys = stubFetch([
      json({ status: 0, code: 'money.insufficientAvailable', msg: '可用余额不足' }),
      offline,
      json({ status: 1, data: {} }),
      json({ status: 1, data: {} }),
    ]);
    const send = moneyCaller(rotation);
    await expect(send(body, { silent: true })).rejects.toMatchObject({ kind: 'refusal' });
    await expect(send(body, { silent: true })).rejects.toMatchObject({ kind: 'network' });
    await send({ ...body, money: '500' }, { silent: true });
    await send({ ...body, money: '500' }, { silent: true });
    expect(new Set(keys).size).toBe(4);
  });
});
