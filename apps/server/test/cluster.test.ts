import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestApp, recordReplyMismatch, type TestApp } from './support/app.ts';
import { until } from './support/until.ts';
import { client } from './support/ws-client.ts';

const PG = process.env.DATABASE_URL;
const REDIS = process.env.REDIS_URL;

/**
 * Two server processes of one deployment (here: two app instances in one test process, each with its
 * own Redis connections and PostgreSQL sessions): one leads, the other serves its WebSocket clients
 * the leader's ticks through Redis pub/sub, and takes over when the leader goes.
 */
describe.skipIf(!PG || !REDIS)('two server processes on PostgreSQL and Redis', () => {
  const channel = `kabuto:test:${randomBytes(6).toString('hex')}`;
  const redisA = REDIS ? new Redis(REDIS, { lazyConnect: true }) : null;
  const redisB = REDIS ? new Redis(REDIS, { lazyConnect: true }) : null;
  let a: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    await Promise.all([redisA!.connect(), redisB!.connect()]);
    const fast = { tickChannel: channel, leaderRetryMs: 100 };
    // DATABASE_URL in the env is what makes a process elect its leader through the advisory lock
    a = await createTestApp('postgres', { DATABASE_URL: PG! }, { redis: redisA!, ...fast });
    b = await buildApp({
      db: a.db,
      clock: a.clock,
      env: a.env,
      redis: redisB!,
      ...fast,
      webDist: null,
      adminDist: null,
      onReplyMismatch: recordReplyMismatch,
    });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redisA?.quit();
    await redisB?.quit();
  });

  it('elects one leader; its ticks reach the other’s clients; the other takes over when it goes', async () => {
    const s = await a.newUser('cl');
    const leaderA = a.app.kabuto.start();
    await until(() => leaderA.isLeader);
    const leaderB = b.kabuto.start();
    await new Promise((r) => setTimeout(r, 400));
    expect(leaderB.isLeader).toBe(false);
    expect(a.app.kabuto.publisher.running).toBe(true);
    expect(b.kabuto.publisher.running).toBe(false);

    const address = await b.listen({ port: 0, host: '127.0.0.1' });
    const c = client(`${address.replace('http', 'ws')}/api/vue/ws`);
    await c.opened;
    c.send({ op: 'auth', token: s.token });
    await c.next((m) => m.type === 'auth');
    c.send({ op: 'sub', symbols: ['7203'] });
    await c.next((m) => m.type === 'snapshot');

    // the leader (A) computes a move; B's client hears it through Redis
    a.clock.advance(5 * 60_000);
    expect(a.app.kabuto.publisher.pump()).toBeGreaterThan(0);
    const first = await c.next((m) => m.type === 'tick' && m.symbol === '7203');
    // a tick's price is a JSON number exact to the 4th decimal
    expect(typeof first.price).toBe('number');
    expect(first.price.toFixed(4)).toMatch(/^\d+\.\d{4}$/);

    // A steps down (as when its process stops): B becomes the leader and publishes itself
    await leaderA.stop();
    await until(() => leaderB.isLeader);
    expect(b.kabuto.publisher.running).toBe(true);
    c.drain();
    a.clock.advance(5 * 60_000);
    expect(b.kabuto.publisher.pump()).toBeGreaterThan(0);
    const second = await c.next((m) => m.type === 'tick' && m.symbol === '7203');
    expect(second.time).toBeGreaterThan(first.time);
    c.ws.close();
  });
});
