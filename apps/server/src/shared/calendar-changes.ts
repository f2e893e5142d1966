import type { Redis } from 'ioredis';

/**
 * "The operators' market closures changed", from the process that changed them to every process of the
 * deployment (itself included), which then reads the closures again (`modules/calendar`). The same shape
 * as the user-changes bus (`shared/user-changes.ts`): in-process by default, Redis pub/sub when REDIS_URL
 * is set; the writer's `changed()` resolves once its own message came back from Redis (so every other
 * subscriber has it too) or after two seconds; a subscriber that reconnects hears a change, since it may
 * have missed one.
 */
export interface CalendarChanges {
  changed(): Promise<void>;
  onChanged(listener: () => void): () => void;
  ready(): Promise<void>;
  close(): Promise<void>;
}

export const CALENDAR_CHANGES_CHANNEL = 'kabuto:calendar-changes';
const ECHO_WAIT_MS = 2000;

function listeners() {
  const set = new Set<() => void>();
  return {
    emit() {
      for (const l of set) {
        try {
          l();
        } catch {
          // one failing listener must not stop the others
        }
      }
    },
    add(l: () => void) {
      set.add(l);
      return () => {
        set.delete(l);
      };
    },
    clear: () => set.clear(),
  };
}

export function localCalendarChanges(): CalendarChanges {
  const ls = listeners();
  return {
    changed: async () => ls.emit(),
    onChanged: ls.add,
    ready: async () => {},
    close: async () => ls.clear(),
  };
}

export function redisCalendarChanges(publisher: Redis, channel = CALENDAR_CHANGES_CHANNEL): CalendarChanges {
  const ls = listeners();
  const subscriber = publisher.duplicate();
  subscriber.on('error', () => {
    // ioredis reconnects by itself
  });
  const echoes = new Map<string, () => void>();
  let sent = 0;
  const nonce = `${process.pid}:${Math.random().toString(36).slice(2)}`;
  subscriber.on('message', (ch: string, message: string) => {
    if (ch !== channel) return;
    ls.emit();
    echoes.get(message)?.();
  });
  let subscribed = false;
  subscriber.on('ready', () => {
    if (subscribed) ls.emit();
  });
  const ready = subscriber.subscribe(channel).then(
    () => {
      subscribed = true;
    },
    () => {},
  );
  return {
    async changed() {
      ls.emit();
      const n = `${nonce}:${++sent}`;
      let timer: NodeJS.Timeout | undefined;
      const back = new Promise<void>((resolve) => {
        echoes.set(n, resolve);
        timer = setTimeout(resolve, ECHO_WAIT_MS);
      });
      try {
        await publisher.publish(channel, n);
        await back;
      } catch {
        // Redis away: the others re-read on reconnecting, and every minute anyway
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
