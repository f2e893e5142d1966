import {
  type ExitKind,
  type ExitState,
  formatUnits,
  parseUnits,
  type Side,
  stepExit,
  trailLevel,
  type Units,
} from '@kabuto/domain';

/** An exit as the screens edit it (the order sheet's IFD leg, the position's exit order). */
export type ExitChoice = 'none' | ExitKind | 'oco';

export interface ExitDraft {
  kind: ExitChoice;
  /** Decimal strings as typed ("" while empty). */
  limit: string;
  stop: string;
  /** A trailing stop's distance: an amount, or a percent when `trailPct`. */
  trail: string;
  trailPct: boolean;
}

export const emptyExit = (): ExitDraft => ({ kind: 'none', limit: '', stop: '', trail: '', trailPct: false });

/** One line of the preview: the leg, the price it triggers at, what it does then, and at what price. */
export interface ExitPreviewLine {
  kind: ExitKind;
  /** The trigger level (a trailing stop's from the reference price). */
  level: Units;
  /** It would fire (or fill) at the reference price already. */
  now: boolean;
  /** The price it fills at: the limit, or null for the market price at the trigger. */
  fillAt: Units | null;
}

const positive = (s: string): Units | null => {
  const u = parseUnits(s);
  return u !== null && u > 0n ? u : null;
};

/** The trailing distance in the wire's terms: an amount or parts per million (a percent < 100). */
function trailOf(d: ExitDraft): { trailAmount: Units | null; trailPpm: bigint | null } {
  const v = positive(d.trail);
  if (v === null) return { trailAmount: null, trailPpm: null };
  // a percent at scale 4 (units) is parts per million: 5% = 5.0000 → 50000 ppm
  return d.trailPct ? { trailAmount: null, trailPpm: v } : { trailAmount: v, trailPpm: null };
}

/** The legs of a draft, as the domain's exit states (OCO: a limit and a stop). */
export function exitLegs(side: Side, d: ExitDraft): ExitState[] | null {
  if (d.kind === 'none') return [];
  const base = {
    side,
    limit: null,
    stop: null,
    trailAmount: null,
    trailPpm: null,
    extreme: null,
    triggered: false,
  };
  const limit = positive(d.limit);
  const stop = positive(d.stop);
  switch (d.kind) {
    case 'limit':
      return limit === null ? null : [{ ...base, kind: 'limit', limit }];
    case 'stop':
      return stop === null ? null : [{ ...base, kind: 'stop', stop }];
    case 'stop_limit':
      return limit === null || stop === null ? null : [{ ...base, kind: 'stop_limit', limit, stop }];
    case 'trail': {
      const t = trailOf(d);
      if (t.trailAmount === null && t.trailPpm === null) return null;
      if (t.trailPpm !== null && t.trailPpm >= 1_000_000n) return null;
      return [{ ...base, kind: 'trail', ...t }];
    }
    case 'oco':
      return limit === null || stop === null
        ? null
        : [
            { ...base, kind: 'limit', limit },
            { ...base, kind: 'stop', stop },
          ];
  }
}

/**
 * The preview of an exit against a reference price (the current price, or the entry's price for an IFD
 * leg): each leg's trigger level, whether it would act at that price already, and its fill price — by
 * the domain's `stepExit` and `trailLevel`, the functions the server's trigger job runs.
 */
export function previewExit(side: Side, d: ExitDraft, reference: Units): ExitPreviewLine[] | null {
  const legs = exitLegs(side, d);
  if (legs === null) return null;
  return legs.map((s) => {
    const step = stepExit(s, reference);
    const level =
      s.kind === 'trail'
        ? trailLevel(s, reference)
        : s.kind === 'limit'
          ? (s.limit as Units)
          : (s.stop as Units);
    const fillAt = s.kind === 'limit' || s.kind === 'stop_limit' ? s.limit : null;
    return { kind: s.kind, level, now: step.fired || step.fill !== null, fillAt };
  });
}

/** A draft that cannot be sent: a price it needs is missing or zero (the server's `trade.exitPrices`). */
export const exitIncomplete = (side: Side, d: ExitDraft): boolean => exitLegs(side, d) === null;

/** The wire fields of a draft (`limit_price`, `stop_price`, `trail`, `trail_pct` or the `then_` ones). */
export function exitWireFields(d: ExitDraft): {
  limit?: string;
  stop?: string;
  trail?: string;
  trailPct?: string;
} {
  const v = (s: string) => {
    const u = positive(s);
    return u === null ? undefined : formatUnits(u);
  };
  switch (d.kind) {
    case 'limit':
      return { limit: v(d.limit) };
    case 'stop':
      return { stop: v(d.stop) };
    case 'stop_limit':
    case 'oco':
      return { limit: v(d.limit), stop: v(d.stop) };
    case 'trail':
      return d.trailPct ? { trailPct: v(d.trail) } : { trail: v(d.trail) };
    default:
      return {};
  }
}
