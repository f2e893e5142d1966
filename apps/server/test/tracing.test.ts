import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_DB_KINDS } from '@kabuto/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tracesUrl, tracingEnabled } from '../src/ops/tracing.ts';
import { createTestApp } from './support/app.ts';

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: OtlpValue }[];
}
interface OtlpRequest {
  resourceSpans: {
    resource: { attributes: { key: string; value: OtlpValue }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

/** An OTLP/HTTP collector in the test's process: keeps every JSON export it receives at /v1/traces. */
function collector() {
  const received: { path: string; contentType: string; body: OtlpRequest }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        contentType: String(req.headers['content-type']),
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpRequest,
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return {
    received,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    spans: () =>
      received.flatMap((r) => r.body.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((s) => s.spans))),
    serviceNames: () =>
      received.flatMap((r) =>
        r.body.resourceSpans.map(
          (rs) => rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue,
        ),
      ),
  };
}

/** A trace the caller (a proxy that traces) started: the request's span joins it. */
const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';

const attr = (s: OtlpSpan, key: string) => {
  const v = s.attributes.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue === undefined ? undefined : Number(v.intValue));
};

describe('tracing', () => {
  const otlp = collector();
  let endpoint = '';
  beforeAll(async () => {
    endpoint = await otlp.start();
  });
  afterAll(() => otlp.stop());

  it('is off with no endpoint: no exporter, no spans', async () => {
    const t = await createTestApp('pglite');
    try {
      expect(tracingEnabled()).toBe(false);
      expect((await t.call('/user/login', { account: 'nobody01', password: 'wrong-pass-1' })).http).toBe(200);
    } finally {
      await t.close();
    }
    expect(otlp.received).toHaveLength(0);
  });

  it('the traces URL: the general endpoint with /v1/traces, or the traces endpoint as given', () => {
    const base = { OTEL_SERVICE_NAME: 'kabuto' };
    expect(tracesUrl(base)).toBeNull();
    expect(tracesUrl({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318/' })).toBe(
      'http://c:4318/v1/traces',
    );
    expect(
      tracesUrl({
        ...base,
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://t:4318/traces',
      }),
    ).toBe('http://t:4318/traces');
  });

  it.each(TEST_DB_KINDS)(
    'on %s: exports a span per request (route, status, request id) with its queries, and a span per job step',
    async (kind) => {
      otlp.received.length = 0;
      const t = await createTestApp(kind, { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
      let ran: string[] = [];
      try {
        expect(tracingEnabled()).toBe(true);
        const login = await t.call(
          '/user/login',
          { account: t.env.DEMO_ACCOUNT, password: t.env.DEMO_PASSWORD },
          {
            headers: {
              'x-request-id': 'trace-test-1',
              traceparent: `00-${CALLER_TRACE}-00f067aa0ba902b7-01`,
            },
          },
        );
        expect(login.body.status).toBe(1);
        ran = Object.keys(await t.app.kabuto.durable.round.run());
      } finally {
        await t.close(); // flushes the batch
      }
      expect(tracingEnabled()).toBe(false);
      expect(otlp.received.length).toBeGreaterThan(0);
      expect(
        otlp.received.every((r) => r.path === '/v1/traces' && r.contentType.startsWith('application/json')),
      ).toBe(true);
      expect(new Set(otlp.serviceNames())).toEqual(new Set(['kabuto']));

      const spans = otlp.spans();
      const request = spans.find((s) => attr(s, 'kabuto.request_id') === 'trace-test-1');
      expect(request?.name).toBe('POST /api/vue/user/login');
      expect(request && attr(request, 'http.route')).toBe('/api/vue/user/login');
      expect(request && attr(request, 'http.response.status_code')).toBe(200);
      expect(request?.traceId).toBe(CALLER_TRACE);
      expect(request?.parentSpanId).toBe('00f067aa0ba902b7');
      // the login's queries are children of the request's span, in its trace
      const queries = spans.filter((s) => s.name === 'db.query' && s.parentSpanId === request?.spanId);
      expect(queries.length).toBeGreaterThan(0);
      expect(queries.every((q) => q.traceId === request?.traceId)).toBe(true);
      expect(queries.some((q) => /select/i.test(String(attr(q, 'db.query.text'))))).toBe(true);

      // a query outside any request or job (the test's seed) makes no trace of its own
      expect(spans.filter((s) => s.name === 'db.query').every((s) => s.parentSpanId)).toBe(true);

      const steps = spans.filter((s) => s.name.startsWith('job '));
      expect(steps.length).toBeGreaterThan(0);
      // every step of the round has its span
      expect(ran.length).toBeGreaterThan(0);
      expect(new Set(steps.map((s) => attr(s, 'kabuto.job')))).toEqual(new Set(ran));
      for (const step of steps) expect(step.name).toBe(`job ${attr(step, 'kabuto.job')}`);
      expect(spans.some((s) => s.name === 'db.query' && steps.some((j) => j.spanId === s.parentSpanId))).toBe(
        true,
      );
    },
  );
});
