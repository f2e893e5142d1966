import { readFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { BlockList, isIP, type Socket } from 'node:net';
import type { FastifyServerFactory } from 'fastify';
import type { Env } from '../config.ts';

/**
 * The HTTP server with its limits: a request's headers must arrive within HEADERS_TIMEOUT_MS and the
 * whole request within REQUEST_TIMEOUT_MS, an idle keep-alive connection closes after
 * KEEP_ALIVE_TIMEOUT_MS and any silent socket after IDLE_TIMEOUT_MS (a WebSocket's pings keep it
 * busy), and one address holds at most MAX_CONNECTIONS_PER_IP connections at once; the next is
 * closed as it opens. The proxies named in TRUST_PROXY are exempt from that per-address cap (they carry
 * everyone's connections; the proxy limits each client). All addresses together hold at most
 * MAX_CONNECTIONS (see {@link connectionCap}).
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
    capConnections(server, {
      perAddress: env.MAX_CONNECTIONS_PER_IP,
      total: env.MAX_CONNECTIONS ?? connectionCap(descriptorLimit()),
      exempt: trustedProxies(env.TRUST_PROXY),
    });
    return server;
  };
}

/** What an address holds that counts as little: at the cap, such a newcomer makes room for itself. */
export const FAIR_SHARE = 4;

/** Descriptors a process keeps for itself beyond client connections: PostgreSQL, Redis, files, logs. */
export const RESERVED_DESCRIPTORS = 512;

/**
 * The process's open-files limit (Linux: /proc/self/limits; elsewhere a common default). The client
 * connections stay below it so that PostgreSQL, Redis and files always have descriptors.
 */
export function descriptorLimit(): number {
  try {
    const m = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    if (m?.[1] && m[1] !== 'unlimited') return Number(m[1]);
    if (m?.[1] === 'unlimited') return 1_048_576;
  } catch {}
  return 1024;
}

/** The default MAX_CONNECTIONS: the descriptor limit less a tenth of it, and never less than 512 left. */
export function connectionCap(limit: number): number {
  return Math.max(16, limit - Math.max(RESERVED_DESCRIPTORS, Math.ceil(limit / 10)));
}

export interface ConnectionLimits {
  perAddress: number;
  total: number;
  /** Addresses without a per-address cap (trusted proxies). */
  exempt?: BlockList | 'all' | null;
}

/**
 * Closes a connection as it opens when its address already holds `perAddress` (unless exempt), and holds
 * all addresses together to `total`. At `total`, a connection from an address holding fewer than
 * FAIR_SHARE closes the oldest connection of the address holding the most (when that one would still hold
 * more) and takes its place; otherwise it is closed. So a flood from many addresses stops well
 * before the descriptors run out, and cannot keep out a newcomer (a health check, a user's first page).
 */
export function capConnections(server: Server, limits: ConnectionLimits): void {
  const open = new Map<string, Set<Socket>>();
  let total = 0;
  const isExempt = (addr: string): boolean => {
    if (!limits.exempt) return false;
    if (limits.exempt === 'all') return true;
    const family = isIP(addr);
    if (family === 0) return false;
    const v4 = addr.startsWith('::ffff:') && isIP(addr.slice(7)) === 4 ? addr.slice(7) : null;
    return v4 ? limits.exempt.check(v4, 'ipv4') : limits.exempt.check(addr, family === 6 ? 'ipv6' : 'ipv4');
  };
  const refuse = (socket: Socket) => {
    server.emit('kabuto:refused');
    socket.destroy();
  };
  /** The oldest connection of the address holding the most, if it holds more than `held` + 1. */
  const heaviest = (held: number): Socket | null => {
    let most: Set<Socket> | null = null;
    for (const set of open.values()) if (!most || set.size > most.size) most = set;
    if (!most || most.size <= held + 1) return null;
    return most.values().next().value ?? null;
  };
  server.on('connection', (socket: Socket) => {
    const addr = socket.remoteAddress ?? '';
    const mine = open.get(addr);
    const held = mine?.size ?? 0;
    if (held >= limits.perAddress && !isExempt(addr)) return refuse(socket);
    if (total >= limits.total) {
      const victim = held < FAIR_SHARE ? heaviest(held) : null;
      if (!victim) return refuse(socket);
      server.emit('kabuto:refused');
      victim.destroy();
      // its 'close' (which updates the counts) comes later: count it out now
      forget(victim);
    }
    const set = mine ?? new Set<Socket>();
    addressOf.set(socket, addr);
    set.add(socket);
    open.set(addr, set);
    total++;
    socket.once('close', () => forget(socket));
  });
  const counted = new WeakSet<Socket>();
  const addressOf = new WeakMap<Socket, string>();
  function forget(socket: Socket): void {
    if (counted.has(socket)) return;
    counted.add(socket);
    total--;
    const addr = addressOf.get(socket) ?? '';
    const set = open.get(addr);
    set?.delete(socket);
    if (set && set.size === 0) open.delete(addr);
  }
}

/** The proxies TRUST_PROXY names: a list of addresses/CIDRs, every peer for a hop count, none otherwise. */
export function trustedProxies(value: string | undefined): BlockList | 'all' | null {
  if (!value || value === 'none') return null;
  if (/^\d+$/.test(value)) return Number(value) > 0 ? 'all' : null;
  const list = new BlockList();
  for (const entry of value.split(',').map((s) => s.trim())) {
    if (!entry) continue;
    const [addr, bits] = entry.split('/');
    const family = isIP(addr ?? '') === 6 ? 'ipv6' : 'ipv4';
    if (!addr || isIP(addr) === 0) continue;
    if (bits === undefined) list.addAddress(addr, family);
    else list.addSubnet(addr, Number(bits), family);
  }
  return list;
}

/** Fastify's trustProxy from TRUST_PROXY: a hop count, a list of addresses/CIDRs, or nobody. */
export function trustProxyOption(
  value: string | undefined,
): string[] | false | ((address: string, hop: number) => boolean) {
  if (!value || value === 'none') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
