import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Security headers (helmet): a content security policy for the web apps and the API docs. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
}
