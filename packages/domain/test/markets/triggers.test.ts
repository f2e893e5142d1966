import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ExitState, type Side, stepExit } from '../../src/markets/index.ts';

/**
 * The exits' trigger rules against a reference model written from their definitions (first index that
 * fills, and at what price), over generated price paths.
 */

type Fill = { at: number; price: bigint } | null;

const base = (side: Side, over: Partial<ExitState>): ExitState => ({
  side,
  kind: 'limit',
  limit: null,
  stop: null,
  trailAmount: null,
  trailPpm: null,
  extreme: null,
  triggered: false,
  ...over,
});

/** The engine: each price in turn through stepExit until it fills; how often it fired. */
function engine(s0: ExitState, path: readonly bigint[], from = 0): { fill: Fill; fired: number } {
  let s = s0;
  let fired = 0;
  for (let i = from; i < path.length; i++) {
    const r = stepExit(s, path[i]);
    if (r.fired) fired++;
    s = r.state;
    if (r.fill !== null) return { fill: { at: i, price: r.fill }, fired };
  }
  return { fill: null, fired };
}

// ---- the reference model, from the rules' words ----
const up = (side: Side, p: bigint, x: bigint) => (side === 1 ? p >= x : p <= x); // a limit is reached
const down = (side: Side, p: bigint, x: bigint) => (side === 1 ? p <= x : p >= x); // a stop is reached
const first = (path: readonly bigint[], from: number, ok: (p: bigint, i: number) => boolean) => {
  for (let i = from; i < path.length; i++) if (ok(path[i], i)) return i;
  return -1;
};
function refLimit(side: Side, limit: bigint, path: readonly bigint[], from = 0): Fill {
  const i = first(path, from, (p) => up(side, p, limit));
  return i < 0 ? null : { at: i, price: limit };
}
function refStop(side: Side, stop: bigint, path: readonly bigint[], from = 0): Fill {
  const i = first(path, from, (p) => down(side, p, stop));
  return i < 0 ? null : { at: i, price: path[i] };
}
function refStopLimit(side: Side, stop: bigint, limit: bigint, path: readonly bigint[]): Fill {
  const t = first(path, 0, (p) => down(side, p, stop));
  if (t < 0) return null;
  if (up(side, path[t], limit)) return { at: t, price: path[t] };
  const j = first(path, t + 1, (p) => up(side, p, limit));
  return j < 0 ? null : { at: j, price: limit };
}
function refTrail(side: Side, d: (best: bigint) => bigint, path: readonly bigint[]): Fill {
  for (let i = 0; i < path.length; i++) {
    const seen = path.slice(0, i + 1);
    const best = seen.reduce((a, b) => (side === 1 ? (b > a ? b : a) : b < a ? b : a));
    const level = side === 1 ? best - d(best) : best + d(best);
    if (down(side, path[i], level)) return { at: i, price: path[i] };
  }
  return null;
}
function refOco(side: Side, limit: bigint, stop: bigint, path: readonly bigint[], from = 0) {
  const a = refLimit(side, limit, path, from);
  const b = refStop(side, stop, path, from);
  if (a && (!b || a.at <= b.at)) return { leg: 'limit', fill: a };
  if (b) return { leg: 'stop', fill: b };
  return { leg: null, fill: null };
}

const price = fc.bigInt({ min: 900n, max: 1100n });
const path = fc.array(price, { minLength: 1, maxLength: 60 });
const side = fc.constantFrom<Side>(1, 2);

describe('exit triggers against the reference model', () => {
  it('limit, stop and stop-limit fill where and at what the rules say; a stop fires once', () => {
    fc.assert(
      fc.property(side, price, price, path, (sd, a, b, p) => {
        expect(engine(base(sd, { kind: 'limit', limit: a }), p).fill).toEqual(refLimit(sd, a, p));
        const stop = engine(base(sd, { kind: 'stop', stop: a }), p);
        expect(stop.fill).toEqual(refStop(sd, a, p));
        expect(stop.fired).toBe(stop.fill ? 1 : 0);
        const sl = engine(base(sd, { kind: 'stop_limit', stop: a, limit: b }), p);
        expect(sl.fill).toEqual(refStopLimit(sd, a, b, p));
        expect(sl.fired).toBeLessThanOrEqual(1);
      }),
      { numRuns: 500 },
    );
  });

  it('a trailing stop (by amount or percent) fills where the best price less its distance is reached', () => {
    fc.assert(
      fc.property(
        side,
        fc.bigInt({ min: 1n, max: 80n }),
        fc.bigInt({ min: 1n, max: 90_000n }),
        path,
        (sd, d, ppm, p) => {
          const byAmount = engine(base(sd, { kind: 'trail', trailAmount: d }), p);
          expect(byAmount.fill).toEqual(refTrail(sd, () => d, p));
          expect(byAmount.fired).toBe(byAmount.fill ? 1 : 0);
          const byPct = engine(base(sd, { kind: 'trail', trailPpm: ppm }), p);
          expect(byPct.fill).toEqual(refTrail(sd, (best) => (best * ppm) / 1_000_000n, p));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('OCO: the first leg to fill wins (the limit on a tie) and the other never fills', () => {
    fc.assert(
      fc.property(side, price, price, path, (sd, limit, stop, p) => {
        // the engine as the server runs it: both legs each tick, the first fill cancels the other
        let l = base(sd, { kind: 'limit', limit });
        let s = base(sd, { kind: 'stop', stop });
        let got: { leg: string | null; fill: Fill } = { leg: null, fill: null };
        for (let i = 0; i < p.length && !got.leg; i++) {
          const rl = stepExit(l, p[i]);
          l = rl.state;
          if (rl.fill !== null) {
            got = { leg: 'limit', fill: { at: i, price: rl.fill } };
            break;
          }
          const rs = stepExit(s, p[i]);
          s = rs.state;
          if (rs.fill !== null) got = { leg: 'stop', fill: { at: i, price: rs.fill } };
        }
        expect(got).toEqual(refOco(sd, limit, stop, p));
      }),
      { numRuns: 500 },
    );
  });

  it('IFD / IFDOCO: the exit works only from its order’s fill on', () => {
    fc.assert(
      fc.property(side, price, price, price, path, (sd, entry, limit, stop, p) => {
        // the entry is a resting limit: it fills at its limit the first time the price reaches it
        const e = first(p, 0, (x) => (sd === 1 ? x <= entry : x >= entry));
        const ifd = e < 0 ? { fill: null, fired: 0 } : engine(base(sd, { kind: 'stop', stop }), p, e);
        expect(ifd.fill).toEqual(e < 0 ? null : refStop(sd, stop, p, e));
        if (e < 0) return;
        // IFDOCO: both legs from the fill on; the winner is the reference's, the loser fills no earlier
        const oco = refOco(sd, limit, stop, p, e);
        const lim = engine(base(sd, { kind: 'limit', limit }), p, e).fill;
        const stp = engine(base(sd, { kind: 'stop', stop }), p, e).fill;
        const winner = lim && (!stp || lim.at <= stp.at) ? lim : stp;
        expect(winner).toEqual(oco.fill);
        expect(oco.leg === null ? null : oco.leg === 'limit' ? lim : stp).toEqual(oco.fill);
      }),
      { numRuns: 300 },
    );
  });
});
