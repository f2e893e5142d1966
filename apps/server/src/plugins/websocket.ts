import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';

/** The quote stream's WebSocket endpoint; each socket is handed to `connect`. */
export async function registerWebSocket(
  app: FastifyInstance,
  connect: (socket: WebSocket) => void,
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  app.get('/api/vue/ws', { websocket: true, schema: { hide: true } }, (socket) => connect(socket));
}
