import type { WsTick } from '@kabuto/contract';
import type { Redis } from 'ioredis';

/**
 * Where ticks travel from the one process that computes them (the leader) to every process that
 * serves WebSocket clients. In-process by default; Redis pub/sub when REDIS_URL is set.
 */
export interface TickBus {
  publish(ticks: readonly WsTick[]): void;
  /** Returns unsubscribe. */
  onTicks(listener: (ticks: readonly WsTick[]) => void): () => void;
  close(): Promise<void>;
}

export const TICK_CHANNEL = 'kabuto:ticks';

export function localTickBus(): TickBus {
  const listeners = new Set<(ticks: readonly WsTick[]) => void>();
  return {
    publish(ticks) {
      for (const l of listeners) {
        try {
          l(ticks);
        } catch {
          // one failing listener must not stop the others
        }
      }
    },
    onTicks(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}

/** Redis pub/sub: `publisher` is the shared connection, a duplicate subscribes. */
export function redisTickBus(publisher: Redis, channel = TICK_CHANNEL): TickBus {
  const local = localTickBus();
  let subscriber: Redis | null = null;
  const ensureSubscriber = () => {
    if (subscriber) return;
    subscriber = publisher.duplicate();
    subscriber.on('error', () => {
      // ioredis reconnects by itself
    });
    subscriber.on('message', (ch: string, message: string) => {
      if (ch !== channel) return;
      try {
        local.publish(JSON.parse(message) as WsTick[]);
      } catch {
        // a malformed message is dropped
      }
    });
    void subscriber.subscribe(channel).catch(() => {});
  };
  return {
    publish(ticks) {
      if (ticks.length === 0) return;
      void publisher.publish(channel, JSON.stringify(ticks)).catch(() => {});
    },
    onTicks(listener) {
      ensureSubscriber();
      return local.onTicks(listener);
    },
    async close() {
      await local.close();
      if (subscriber) {
        const s = subscriber;
        subscriber = null;
        await s.quit().catch(() => s.disconnect());
      }
    },
  };
}
