import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createClient, errorKey, readReply } from '../src/index.ts';

describe('readReply', () => {
  it('returns data and the success code of {status: 1}, never the family text in msg', () => {
    expect(readReply(200, { status: 1, data: { a: 1 }, code: 'ok.changed', msg: '修改成功' })).toEqual({
      data: { a: 1 },
      code: 'ok.changed',
    });
    expect(readReply(200, { status: 1, data: [] })).toEqual({ data: [], code: undefined });
    expect(readReply(200, { status: 1, data: [], msg: '修改成功' })).toEqual({ data: [], code: undefined });
  });

  it('throws {status: 0} with its code, string params and the kind of its HTTP status', () => {
    const cases: [number, string][] = [
      [200, 'refusal'],
      [401, 'unauthorized'],
      [403, 'forbidden'],
      [413, 'http'],
      [429, 'http'],
      [500, 'http'],
    ];
    for (const [status, kind] of cases) {
      let err: unknown;
      try {
        readReply(status, { status: 0, code: 'funds.insufficient', msg: '余额不足', params: { need: 5 } });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({
        kind,
        code: 'funds.insufficient',
        params: { need: '5' },
        httpStatus: status,
      });
    }
  });

  it('reads a body that is not an envelope by its HTTP status', () => {
    expect(() => readReply(404, null)).toThrow(
      expect.objectContaining({ kind: 'http', code: 'request.notFound' }),
    );
    expect(() => readReply(403, 'no')).toThrow(
      expect.objectContaining({ kind: 'forbidden', code: 'admin.forbidden' }),
    );
    expect(() => readReply(502, null)).toThrow(
      expect.objectContaining({ kind: 'http', code: 'server.error' }),
    );
    // a 200 that is neither a reply nor a refusal is the server's fault, not a refusal
    expect(() => readReply(200, { status: 1 + 1 })).toThrow(
      expect.objectContaining({ kind: 'http', code: 'server.error' }),
    );
    expect(() => readReply(500, { status: 1, data: 1 })).toThrow(expect.objectContaining({ kind: 'http' }));
  });

  it('names the msg key of any error', () => {
    expect(errorKey(new ApiError('refusal', 'x.y'))).toBe('x.y');
    expect(errorKey(new Error('boom'))).toBe('server.error');
  });
});

describe('createClient', () => {
  afterEach(() => vi.unstubAllGlobals());

  const answer = (status: number, body: unknown) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status }));

  it('POSTs JSON to base + path with the app headers and the call headers', async () => {
    const fetchMock = answer(200, { status: 1, data: 'ok' });
    vi.stubGlobal('fetch', fetchMock);
    const client = createClient({ base: '/api/vue', headers: () => ({ token: 't1' }) });
    await expect(client.post('/user/x', { a: 1 }, { headers: { 'idempotency-key': 'k' } })).resolves.toEqual({
      data: 'ok',
      code: undefined,
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/vue/user/x');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
      token: 't1',
      'idempotency-key': 'k',
    });
  });

  it('sends a form as multipart (no JSON content type)', async () => {
    const fetchMock = answer(200, { status: 1, data: 'uploads/a.jpg' });
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('card', new Blob(['x']), 'a.jpg');
    await createClient({ base: '' }).post('/common/upload1', form);
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.body).toBe(form);
    expect(init.headers).toEqual({ accept: 'application/json' });
  });

  it('runs the 401 hook for calls that need a session, unless quiet', async () => {
    vi.stubGlobal('fetch', answer(401, { status: 0, code: 'auth.loginAgain', msg: '请重新登录' }));
    const onUnauthorized = vi.fn();
    const onFailure = vi.fn();
    const client = createClient({ base: '', onUnauthorized, onFailure });
    await expect(client.post('/a', {})).rejects.toMatchObject({ kind: 'unauthorized', httpStatus: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(client.post('/a', {}, { quiet: true })).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // without a session (login) a 401 is read as a reply: its code, and no session hook
    vi.stubGlobal('fetch', answer(401, { status: 0, code: 'auth.badCredentials', msg: '账号或密码错误' }));
    await expect(client.post('/login', {}, { needsSession: false })).rejects.toMatchObject({
      kind: 'unauthorized',
      code: 'auth.badCredentials',
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('runs the failure hook for refusals and network errors, unless quiet; an abort is rethrown', async () => {
    const onFailure = vi.fn();
    const client = createClient({ base: '', onFailure });
    vi.stubGlobal('fetch', answer(200, { status: 0, code: 'funds.insufficient', msg: '余额不足' }));
    await expect(client.post('/a', {})).rejects.toMatchObject({
      kind: 'refusal',
      code: 'funds.insufficient',
    });
    await expect(client.post('/a', {}, { quiet: true })).rejects.toMatchObject({ kind: 'refusal' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(client.post('/a', {})).rejects.toMatchObject({ kind: 'network', code: 'network.error' });
    expect(onFailure.mock.calls.map((c) => (c[0] as ApiError).code)).toEqual([
      'funds.insufficient',
      'network.error',
    ]);
    const abort = new AbortController();
    abort.abort();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('aborted', 'AbortError');
      }),
    );
    await expect(client.post('/a', {}, { signal: abort.signal })).rejects.toBeInstanceOf(DOMException);
    expect(onFailure).toHaveBeenCalledTimes(2);
  });
});
