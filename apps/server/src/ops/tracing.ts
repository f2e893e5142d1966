import { setQueryObserver } from '@kabuto/db';
import type { Span, Tracer } from '@opentelemetry/api';
import type { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { FastifyInstance } from 'fastify';

/**
 * OpenTelemetry traces, off unless an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT, or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT for traces alone). Off, none of the OpenTelemetry packages is loaded
 * and the hot path pays one null check (a job step, a query). On, spans are exported over OTLP/HTTP (JSON)
 * in batches: one per HTTP request (`GET /api/…` by route pattern, with its status and request id), one
 * per database query inside it, and one per leader job step (`job <name>`) with the queries it made.
 */

interface Tracing {
  api: typeof import('@opentelemetry/api');
  tracer: Tracer;
  provider: NodeTracerProvider;
  url: string;
}

let active: Tracing | null = null;

export interface TracingEnv {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string | undefined;
  OTEL_SERVICE_NAME: string;
}

/** Whether spans are being exported (an endpoint was configured and tracing started). */
export const tracingEnabled = (): boolean => active !== null;

/** Where spans go: the traces endpoint as given, else the general endpoint's /v1/traces (the OTLP rule). */
export function tracesUrl(env: TracingEnv): string | null {
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT)
    return `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
  return null;
}

/**
 * Starts exporting when the environment names an endpoint (once per process; a second call is a no-op
 * while the first is running). Returns whether tracing is on.
 */
export async function startTracing(env: TracingEnv): Promise<boolean> {
  const url = tracesUrl(env);
  if (!url) return false;
  if (active) return true;
  const [api, node, otlp, resources, semconv] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/semantic-conventions'),
  ]);
  const provider = new node.NodeTracerProvider({
    resource: resources.resourceFromAttributes({ [semconv.ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME }),
    spanProcessors: [new node.BatchSpanProcessor(new otlp.OTLPTraceExporter({ url }))],
  });
  // the global context manager (AsyncLocalStorage), so a query's span finds the request or job around it
  provider.register();
  const tracer = provider.getTracer('kabuto');
  active = { api, tracer, provider, url };
  setQueryObserver((sql, ms, error) => {
    // only inside a request or a job step: the start's migrations and seed, the quote timers' reads are
    // no one's children and would each be a trace of their own
    if (!api.trace.getActiveSpan()) return;
    const end = Date.now();
    const span = tracer.startSpan('db.query', {
      kind: api.SpanKind.CLIENT,
      startTime: end - ms,
      attributes: { 'db.system.name': 'postgresql', 'db.query.text': sql.slice(0, 2000) },
    });
    if (error) span.setStatus({ code: api.SpanStatusCode.ERROR, message: errorText(error) });
    span.end(end);
  });
  return true;
}

/** Sends what is buffered and stops (the app's close); tracing can be started again after. */
export async function stopTracing(): Promise<void> {
  const t = active;
  if (!t) return;
  active = null;
  setQueryObserver(null);
  await t.provider.shutdown().catch(() => {});
  t.api.trace.disable();
  t.api.context.disable();
  t.api.propagation.disable();
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/** Runs `fn` inside a span `name` (an error marks it failed); without tracing, just runs it. */
export async function withSpan<T>(
  name: string,
  attributes: Record<string, string | number>,
  fn: () => Promise<T>,
): Promise<T> {
  const t = active;
  if (!t) return fn();
  return t.tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn();
    } catch (err) {
      span.setStatus({ code: t.api.SpanStatusCode.ERROR, message: errorText(err) });
      throw err;
    } finally {
      span.end();
    }
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    otelSpan?: Span;
  }
}

/** A span per HTTP request (hooks added only when tracing is on): route pattern, status, request id. */
export function registerRequestSpans(app: FastifyInstance): void {
  const t = active;
  if (!t) return;
  const { api, tracer } = t;
  app.addHook('onRequest', (req, _reply, done) => {
    const route = req.routeOptions.url;
    // a caller's W3C traceparent (a proxy or client that traces) makes the request part of its trace
    const parent = api.propagation.extract(api.context.active(), req.headers);
    const span = tracer.startSpan(
      `${req.method} ${route ?? 'unmatched'}`,
      {
        kind: api.SpanKind.SERVER,
        attributes: {
          'http.request.method': req.method,
          'url.path': req.url.split('?')[0] ?? req.url,
          'kabuto.request_id': req.id,
          ...(route ? { 'http.route': route } : {}),
        },
      },
      parent,
    );
    req.otelSpan = span;
    // the handler and what it starts (queries, jobs) run inside the request's span
    api.context.with(api.trace.setSpan(parent, span), done);
  });
  app.addHook('onError', async (req, _reply, err) => {
    req.otelSpan?.recordException(err);
  });
  app.addHook('onRequestAbort', async (req) => {
    req.otelSpan?.setStatus({ code: api.SpanStatusCode.ERROR, message: 'aborted by the client' });
    req.otelSpan?.end();
    req.otelSpan = undefined;
  });
  app.addHook('onResponse', async (req, reply) => {
    const span = req.otelSpan;
    if (!span) return;
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
    span.end();
  });
}
