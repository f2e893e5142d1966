import type { Redis } from 'ioredis';

/**
 * "What you remember of these users is out of date", from the process that changed them to every
 * process of the deployment (itself included). The session cache listens (`shared/session-cache.ts`):
 * a logout, a password change, a revoked device, a fund password set or an operator's change of state
 * makes every process read that user's sessions from the database again.
 *
 * In-process by default; Redis pub/sub when REDIS_URL is set (the tick bus's connection). A writer calls
 * `changed` after its transaction committed and before it replies: the promise resolves once the message
 * is delivered here and, with Redis, once this process's own subscriber has received it back: Redis
 * sends a message to all its subscribers in one go, so by then it has reached every other process's
 * socket too, before the writer's reply leaves.
 */
export interface UserChanges {
  changed(userIds: readonly bigint[]): Promise<void>;
  /** `'all'`: anything may have changed (a subscriber that was disconnected). Returns unsubscribe. */
  onChanged(listener: (userIds: readonly bigint[] | 'all') => void): () => void;
  /** Resolves when messages from other processes are being received. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export const USER_CHANGES_CHANNEL = 'kabuto:user-changes';
/** How long a writer waits for its message to come back from Redis at most. */
const ECHO_WAIT_MS = 2000;

type Listener = (userIds: readonly bigint[] | 'all') => void;

function listeners() {
  const set = new Set<Listener>();
  return {
    emit(ids: readonly bigint[] | 'all') {
      for (const l of set) {
        try {
          l(ids);
        } catch {
          // one failing listener must not stop the others
        }
      }
    },
    add(l: Listener) {
      set.add(l);
      return () => {
        set.delete(l);
      };
    },
    clear: () => set.clear(),
  };
}

export function localUserChanges(): UserChanges {
  const ls = listeners();
  return {
    async changed(userIds) {
      if (userIds.length > 0) ls.emit(userIds);
    },
    onChanged: ls.add,
    ready: async () => {},
    close: async () => ls.clear(),
  };
}

/**
 * Redis pub/sub: `publisher` is the shared connection, a duplicate subscribes. The local listeners hear
 * a change at once (not only when Redis echoes it back), and hear `'all'` whenever the subscriber
 * (re)connects, since messages sent while it was away are lost.
 */
export function redisUserChanges(publisher: Redis, channel = USER_CHANGES_CHANNEL): UserChanges {
  const ls = listeners();
  const subscriber = publisher.duplicate();
  subscriber.on('error', () => {
    // ioredis reconnects by itself
  });
  /** Messages this process sent, by nonce, waiting to come back. */
  const echoes = new Map<string, () => void>();
  let sent = 0;
  const nonce = `${process.pid}:${Math.random().toString(36).slice(2)}`;
  subscriber.on('message', (ch: string, message: string) => {
    if (ch !== channel) return;
    try {
      const m = JSON.parse(message) as { n: string; u: string[] };
      ls.emit(m.u.map((id) => BigInt(id)));
      echoes.get(m.n)?.();
    } catch {
      // a malformed message is dropped
    }
  });
  let subscribed = false;
  subscriber.on('ready', () => {
    // the first connection subscribes below; a reconnection re-subscribes by itself (ioredis) and may
    // have missed messages
    if (subscribed) ls.emit('all');
  });
  const ready = subscriber.subscribe(channel).then(
    () => {
      subscribed = true;
    },
    () => {},
  );
  return {
    async changed(userIds) {
      if (userIds.length === 0) return;
      ls.emit(userIds);
      const n = `${nonce}:${++sent}`;
      let timer: NodeJS.Timeout | undefined;
      const back = new Promise<void>((resolve) => {
        echoes.set(n, resolve);
        // Redis away: do not hold the reply; the other processes' subscribers reconnect and forget
        // everything ('all')
        timer = setTimeout(resolve, ECHO_WAIT_MS);
      });
      try {
        await publisher.publish(channel, JSON.stringify({ n, u: userIds.map(String) }));
        await back;
      } catch {
        // as above
      } finally {
        clearTimeout(timer);
        echoes.delete(n);
      }
    },
    onChanged: ls.add,
    ready: () => ready,
    async close() {
      ls.clear();
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
