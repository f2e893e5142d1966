import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * METRICS_PORT: a small listener for the scraper and the orchestrator on a private network: GET /metrics
 * (Prometheus text, no token), /livez and /readyz. It has its own few connections, so a flood on the
 * public port never hides the process from its health checks.
 */
export function startMetricsServer(app: FastifyInstance, port: number, host: string): Promise<Server> {
  const server = createServer(async (req, res) => {
    try {
      const path = (req.url ?? '/').split('?')[0];
      if (req.method !== 'GET') {
        res.writeHead(405).end();
      } else if (path === '/metrics') {
        const text = await app.ops.metrics();
        res.writeHead(200, { 'content-type': app.ops.contentType }).end(text);
      } else if (path === '/livez') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      } else if (path === '/readyz') {
        const r = await app.ops.readiness();
        res
          .writeHead(r.ready ? 200 : 503, { 'content-type': 'application/json' })
          .end(JSON.stringify({ status: r.ready ? 'ok' : 'not-ready', checks: r.checks }));
      } else {
        res.writeHead(404).end();
      }
    } catch (err) {
      app.log.error({ err }, 'metrics listener failed');
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  });
  server.maxConnections = 64;
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
