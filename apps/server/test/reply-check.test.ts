import rateLimit from '@fastify/rate-limit';
import { endpoint } from '@kabuto/contract';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serialize } from '../src/lib/reply.ts';
import { type ReplyMismatch, replyCheck, replyProblems } from '../src/plugins/reply-check.ts';
import { routeKit } from '../src/plugins/routes.ts';
import { failOnReplyMismatches, recordReplyMismatch } from './support/app.ts';

const row = z.object({ id: z.string(), price: z.string(), side: z.number() });
const listEndpoint = endpoint({
  path: '/test/list',
  auth: false,
  tag: 'test',
  summary: 'test',
  body: z.object({}),
  data: z.object({ list: z.array(row), total: z.number() }),
});

describe('a reply against its endpoint’s data schema', () => {
  it('matches when every field is declared and of its type', () => {
    expect(replyProblems(listEndpoint, { list: [{ id: '1', price: '10.5', side: 1 }], total: 1 })).toEqual(
      [],
    );
  });

  it('names a field of the wrong type, with what was sent', () => {
    const p = replyProblems(listEndpoint, { list: [{ id: '1', price: 10.5, side: 1 }], total: 1 });
    expect(p).toHaveLength(1);
    expect(p[0]).toMatch(/^list\.0\.price: .*\(sent 10\.5\)$/);
  });

  it('names a missing field', () => {
    expect(replyProblems(listEndpoint, { list: [], total: undefined })[0]).toMatch(/^total: /);
  });

  it('names a field the contract does not declare, however deep', () => {
    expect(
      replyProblems(listEndpoint, {
        list: [{ id: '1', price: '1', side: 2, yingkui: '3' }],
        total: 1,
        page: 1,
      }),
    ).toEqual(['list[0].yingkui: not in the contract', 'page: not in the contract']);
  });

  it('refuses data where the contract says null', () => {
    const none = endpoint({ ...listEndpoint, data: z.null() });
    expect(replyProblems(none, null)).toEqual([]);
    expect(replyProblems(none, {})).toHaveLength(1);
    expect(replyProblems(none, undefined)).toHaveLength(1);
  });
});

describe('the reply check of an app', () => {
  async function appWith(data: unknown) {
    const found: ReplyMismatch[] = [];
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setReplySerializer(serialize);
    // as the app: the routes' response schemas document, they do not serialise
    app.setSerializerCompiler(() => serialize);
    app.addHook(
      'onSend',
      replyCheck((m) => found.push(m)),
    );
    await app.register(rateLimit, { global: false });
    const kit = routeKit(app, async () => {}, { max: 100, timeWindow: '1 minute' });
    kit.post(listEndpoint, async () => ({ status: 1, data: data as any }));
    app.post('/api/vue/test/bare', async () => ({ status: 1, data: {} }));
    app.post('/api/vue/test/refused', async () => ({ status: 0, msg: 'validation.invalid' }));
    await app.ready();
    return { app, found };
  }
  const post = (app: Awaited<ReturnType<typeof appWith>>['app'], url: string) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{}' });

  it('reports a contract route whose reply does not match, and leaves the reply as it was', async () => {
    const { app, found } = await appWith({ list: [{ id: 1, price: '1', side: 1 }], total: 1 });
    const r = await post(app, '/api/vue/test/list?x=1');
    expect(r.json()).toEqual({ status: 1, data: { list: [{ id: 1, price: '1', side: 1 }], total: 1 } });
    expect(found).toEqual([
      { url: '/api/vue/test/list?x=1', problems: [expect.stringMatching(/^list\.0\.id: /)] },
    ]);
    await app.close();
  });

  it('passes a matching reply and refusals; reports a {status: 1} route that names no endpoint', async () => {
    const { app, found } = await appWith({ list: [], total: 0 });
    await post(app, '/api/vue/test/list');
    await post(app, '/api/vue/test/refused');
    expect(found).toEqual([]);
    await post(app, '/api/vue/test/bare');
    expect(found).toEqual([
      {
        url: '/api/vue/test/bare',
        problems: ['(route): replies {status: 1} but declares no contract endpoint'],
      },
    ]);
    await app.close();
  });

  it('fails the test that saw a mismatch', () => {
    expect(() => failOnReplyMismatches()).not.toThrow();
    recordReplyMismatch({ url: '/api/vue/x', problems: ['a: not in the contract'] });
    expect(() => failOnReplyMismatches()).toThrow(
      /1 reply does not match the contract:\n {2}\/api\/vue\/x\n {4}a: not/,
    );
    expect(() => failOnReplyMismatches()).not.toThrow();
  });
});

describe('handlers are typed by their endpoint’s data', () => {
  it('a handler returning another shape does not compile', () => {
    // Compiled, never run: tsc fails on the wrong shape unless the expectation below holds.
    const register = (kit: ReturnType<typeof routeKit>) => {
      kit.post(listEndpoint, async () => ({ status: 1, data: { list: [], total: 0 } }));
      // @ts-expect-error total is a number in the contract
      kit.post(listEndpoint, async () => ({ status: 1, data: { list: [], total: '0' } }));
      // @ts-expect-error a row without its price
      kit.post(listEndpoint, async () => ({ status: 1, data: { list: [{ id: '1', side: 1 }], total: 1 } }));
    };
    expect(typeof register).toBe('function');
  });
});
