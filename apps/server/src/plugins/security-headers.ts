import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers (helmet): a content security policy for the web apps and the API docs.
 *
 * helmet's middleware is made once, here. (@fastify/helmet made it anew on every request, parsing the
 * policy each time: 7% of the server's busy time under load, docs/performance.md.)
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // 'self' covers the app's own WebSocket (ws:/wss: of the same host) in current browsers.
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    setHeaders(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
