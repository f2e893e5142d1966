import { createServer, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerFactory } from 'fastify';
import type { Env } from '../config.ts';

/**
 * The HTTP server with its limits: a request's headers must arrive within HEADERS_TIMEOUT_MS and the
 * whole request within REQUEST_TIMEOUT_MS, an idle keep-alive connection closes after
 * KEEP_ALIVE_TIMEOUT_MS and any silent socket after IDLE_TIMEOUT_MS (a WebSocket's pings keep it
 * busy), and one address holds at most MAX_CONNECTIONS_PER_IP connections at once; the next is
 * closed as it opens. Behind a proxy the address is the proxy's, so raise the cap there.
 */
export function httpServerFactory(env: Env): FastifyServerFactory {
  return (handler): Server => {
    const server = createServer(
      {
        headersTimeout: env.HEADERS_TIMEOUT_MS,
        requestTimeout: env.REQUEST_TIMEOUT_MS,
        keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
        // How often the two timeouts above are checked (Node's default is every 30 s).
        connectionsCheckingInterval: Math.min(1000, env.HEADERS_TIMEOUT_MS),
      },
      handler as RequestListener,
    );
    server.setTimeout(env.IDLE_TIMEOUT_MS, (socket) => socket.destroy());
    capConnectionsPerAddress(server, env.MAX_CONNECTIONS_PER_IP);
    return server;
  };
}

function capConnectionsPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const addr = socket.remoteAddress ?? '';
    const n = (open.get(addr) ?? 0) + 1;
    if (n > max) {
      socket.destroy();
      return;
    }
    open.set(addr, n);
    socket.once('close', () => {
      const left = (open.get(addr) ?? 1) - 1;
      if (left <= 0) open.delete(addr);
      else open.set(addr, left);
    });
  });
}

/** Fastify's trustProxy from TRUST_PROXY: a hop count, a list of addresses/CIDRs, or nobody. */
export function trustProxyOption(
  value: string | undefined,
): string[] | false | ((address: string, hop: number) => boolean) {
  if (!value) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
