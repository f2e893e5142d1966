import { randomUUID } from 'node:crypto';
import { isMsgKey } from '@kabuto/contract';
import { API_DB_KINDS } from '@kabuto/db/testing';
import { checkInvariants } from '@kabuto/ledger';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readyUser, type TestApp } from './support/app.ts';
import { bodyArb, contractEndpoints, prototypeBodies } from './support/fuzz.ts';

/**
 * Property-based bodies from every endpoint's schema (FUZZ_RUNS per endpoint, 200 by default): each
 * known field present or missing, plausible or hostile (unicode, NUL, lone surrogates, numbers past
 * 64 bits, wrong JSON types, 5,000 characters), plus unknown fields; as JSON and as forms. Before them, every
 * field of every endpoint gets the prototype names (`__proto__`, `constructor`, `toString`) and objects
 * where a scalar goes (`{toString: 'x'}`, …), and one body has those names as its own keys. Every reply
 * must be below HTTP 500 and, when it refuses, name a key of the msg catalogue. The ledger's invariants
 * hold afterwards. The figures are printed. On PGlite, and on PostgreSQL too when DATABASE_URL is set
 * (what reaches PostgreSQL is where a NUL or a number past 64 bits turned into a 500).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

/** Calls that end or change the caller's own session go last, so the others run logged in. */
const LAST = new Set([
  '/user/login',
  '/user/register',
  '/user/logout',
  '/auth/login',
  '/auth/logout',
  '/user/passkeyLogin',
  '/user/totpLogin',
  '/auth/passkeyLogin',
]);

const seedOf = (path: string) => [...path].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);

const formOf = (body: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(body).flatMap(([k, v]) =>
      Array.isArray(v)
        ? v.map((x) => [k, String(x)])
        : [[k, typeof v === 'object' ? JSON.stringify(v) : String(v)]],
    ),
  ).toString();

describe.each(API_DB_KINDS)('fuzz on %s: bodies generated from every schema', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      RATE_LIMIT_LOGIN: '1000000',
      RATE_LIMIT_REGISTER: '1000000',
      RATE_LIMIT_MONEY: '1000000',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every body below HTTP 500 with a known msg key, and the ledger stays balanced', async () => {
    const endpoints = (await contractEndpoints(t.app)).sort(
      (a, b) => Number(LAST.has(a.e.path)) - Number(LAST.has(b.e.path)),
    );
    let sent = 0;
    const server: string[] = [];
    const outside: string[] = [];
    for (const { api, e } of endpoints) {
      const bodies = [
        ...prototypeBodies(e.body),
        ...fc.sample(bodyArb(e.body), { numRuns: RUNS, seed: seedOf(api + e.path) }),
      ];
      // Each endpoint gets its own caller, so a fuzzed password or logout does not spill over; a user with
      // everything (verified, card, fund password, money), so that bodies reach the deep checks.
      const user = api === 'admin' || !e.auth ? null : await readyUser(t, { fund: '400000' });
      const operator = api === 'admin' ? await t.adminLogin() : null;
      for (const [i, body] of bodies.entries()) {
        const form = i % 4 === 3;
        const headers: Record<string, string> = {
          'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
        };
        if (user) headers.token = user.token;
        if (operator) headers.authorization = `Bearer ${operator}`;
        if (e.money && i % 2 === 0) headers['idempotency-key'] = randomUUID();
        const raw = await t.app.inject({
          method: 'POST',
          url: `/api/${api}${e.path}`,
          headers,
          payload: form ? formOf(body) : JSON.stringify(body),
        });
        sent++;
        const where = `${api}${e.path} ${JSON.stringify(body).slice(0, 300)} → HTTP ${raw.statusCode} ${raw.body.slice(0, 300)}`;
        if (raw.statusCode >= 500) {
          server.push(where);
          continue;
        }
        let reply: { status?: unknown; code?: unknown };
        try {
          reply = raw.json();
        } catch {
          outside.push(`${where} (not JSON)`);
          continue;
        }
        if (reply.status === 1) continue;
        if (reply.status !== 0 || typeof reply.code !== 'string' || !isMsgKey(reply.code))
          outside.push(where);
      }
    }
    const report = await checkInvariants(t.db);
    process.stdout.write(
      `\nfuzz (${kind}): ${endpoints.length} endpoints, ${sent} bodies sent, ${server.length} HTTP 5xx, ` +
        `${outside.length} replies outside the msg catalogue, ledger violations ${report.violations.length}\n`,
    );
    expect(server.slice(0, 10)).toEqual([]);
    expect(outside.slice(0, 10)).toEqual([]);
    expect(report.violations.map((v) => v.message)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(endpoints.length * RUNS);
  }, 900_000);
});
