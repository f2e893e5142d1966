/**
 * The one time source. Every rule that depends on time takes a Clock; nothing calls Date.now() directly.
 * A clock can run "at" another moment (KABUTO_CLOCK_START) and faster or slower (KABUTO_CLOCK_SPEED).
 */
export interface Clock {
  /** Current instant in epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that starts at `start` (epoch ms) when created and advances `speed`× real time. */
export function offsetClock(start: number, speed = 1, real: Clock = systemClock): Clock {
  const origin = real.now();
  return { now: () => Math.floor(start + (real.now() - origin) * speed) };
}

/** A clock for tests: time stands still until you move it. */
export class ManualClock implements Clock {
  constructor(private t: number) {}
  now(): number {
    return this.t;
  }
  set(ms: number): void {
    this.t = ms;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

/** Parse KABUTO_CLOCK_START / KABUTO_CLOCK_SPEED into a clock. The start must be ISO 8601 with an offset. */
export function clockFromEnv(start: string | undefined, speed: string | undefined): Clock {
  const s = speed === undefined || speed === '' ? 1 : Number(speed);
  if (!Number.isFinite(s) || s <= 0)
    throw new Error(`KABUTO_CLOCK_SPEED must be a positive number, got ${speed}`);
  if (!start) return s === 1 ? systemClock : offsetClock(Date.now(), s);
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(start)) {
    throw new Error(
      `KABUTO_CLOCK_START must be ISO 8601 with an offset (e.g. 2026-11-24T10:00:00+09:00), got ${start}`,
    );
  }
  const t = Date.parse(start);
  if (Number.isNaN(t)) throw new Error(`KABUTO_CLOCK_START is not a valid date: ${start}`);
  return offsetClock(t, s);
}

export const toUnixSeconds = (ms: number): number => Math.floor(ms / 1000);
