/**
 * Seeded draws that anyone can re-run: the IPO lottery and the remainder of a block trade's pro-rata
 * allocation. Pure functions of (seed, entries sorted by id, quantity): the server publishes the seed's
 * SHA-256 when subscriptions open and reveals the seed with the results, and the browser recomputes the
 * same result with these same functions.
 *
 * The generator is xoshiro128** seeded through splitmix32 from the seed's bytes; integers in a range are
 * drawn by rejection, so every position of a shuffle is equally likely (no modulo bias).
 */

/** A generator of uniform 32-bit unsigned integers. */
export interface SeededRandom {
  next(): number;
  /** Uniform integer in [0, n), n ≥ 1 and ≤ 2^32. */
  below(n: number): number;
}

const HEX = /^[0-9a-f]+$/i;

/** The seed's bytes: a hex string of 32 to 128 digits (16 to 64 bytes; the server uses 32 bytes). */
export function seedBytes(seedHex: string): Uint8Array {
  if (!HEX.test(seedHex) || seedHex.length % 2 !== 0 || seedHex.length < 32 || seedHex.length > 128)
    throw new Error('seed must be 16 to 64 bytes of hex');
  const out = new Uint8Array(seedHex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(seedHex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function seededRandom(seedHex: string): SeededRandom {
  const bytes = seedBytes(seedHex);
  // Fold every byte into a splitmix32 state, then draw xoshiro's four words from it.
  let sm = 0x9e3779b9;
  for (const b of bytes) sm = Math.imul(sm ^ b, 0x85ebca6b) >>> 0;
  const splitmix = () => {
    sm = (sm + 0x9e3779b9) >>> 0;
    let z = sm;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  const s = [splitmix(), splitmix(), splitmix(), splitmix()];
  // Mix every byte in again through the state words, so that seeds differing late differ everywhere.
  bytes.forEach((b, i) => {
    s[i % 4] = (s[i % 4] ^ Math.imul(b + 1, 0x27d4eb2f)) >>> 0;
  });
  if (!s.some((w) => w !== 0)) s[0] = 1;
  const rotl = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0;
  const next = () => {
    const result = Math.imul(rotl(Math.imul(s[1], 5) >>> 0, 7), 9) >>> 0;
    const t = (s[1] << 9) >>> 0;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 11);
    for (let i = 0; i < 4; i++) s[i] >>>= 0;
    return result;
  };
  // A few rounds so that the first outputs do not echo the seeding.
  for (let i = 0; i < 16; i++) next();
  const below = (n: number) => {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new Error('range must be 1..2^32');
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const x = next();
      if (x < limit) return x % n;
    }
  };
  return { next, below };
}

/** The entries in draw order: a Fisher–Yates shuffle of `ids` (which must be sorted and distinct). */
export function drawOrder<T extends string | bigint>(seedHex: string, ids: readonly T[]): T[] {
  for (let i = 1; i < ids.length; i++)
    if (!(ids[i - 1] < ids[i])) throw new Error('entries must be sorted by id, without repeats');
  const rng = seededRandom(seedHex);
  const out = [...ids];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// ---------------------------------------------------------------- IPO lottery

export type LotteryOutcome = 'won' | 'waitlisted' | 'lost';

export interface LotteryEntry {
  id: bigint;
  /** Lots applied for (a lot is 100 shares). */
  lots: bigint;
}

export interface LotteryResult {
  id: bigint;
  outcome: LotteryOutcome;
  /** Lots allotted (0 unless won). */
  lots: bigint;
  /** 1-based place in the draw order. */
  rank: number;
}

export interface LotteryInput {
  seed: string;
  /** Every application, sorted by id. */
  entries: readonly LotteryEntry[];
  /** Lots on offer. */
  lots: bigint;
  /**
   * 'ticket': one ticket per application, one lot per winning ticket (Rakuten's and Monex's way, the
   * default); 'units': one ticket per lot applied for, each winning ticket one lot.
   */
  mode?: 'ticket' | 'units';
  /** How many applications past the winners are waitlisted (補欠), in draw order. */
  waitlist?: number;
}

/**
 * The lottery. 'ticket' mode: winners are the first applications in draw order, one lot each, while
 * lots remain; if lots remain after every application has one (undersubscribed), the rest go round
 * again in draw order up to each application's lots. 'units' mode: the tickets (application, k) are
 * shuffled and each winning ticket is one lot. Then the next `waitlist` applications without a lot are
 * waitlisted, and the rest lost. Never allots more than offered, nor more than an application asked.
 */
export function drawLottery(input: LotteryInput): LotteryResult[] {
  const { seed, entries, lots, mode = 'ticket', waitlist = 0 } = input;
  if (lots < 0n) throw new Error('lots must not be negative');
  for (const e of entries) if (e.lots < 1n) throw new Error('an application is for at least one lot');
  const allotted = new Map<bigint, bigint>(entries.map((e) => [e.id, 0n]));
  const want = new Map<bigint, bigint>(entries.map((e) => [e.id, e.lots]));
  let left = lots;
  let order: bigint[];
  if (mode === 'ticket') {
    order = drawOrder(
      seed,
      entries.map((e) => e.id),
    );
    let progress = true;
    while (left > 0n && progress) {
      progress = false;
      for (const id of order) {
        if (left === 0n) break;
        const got = allotted.get(id) as bigint;
        if (got < (want.get(id) as bigint)) {
          allotted.set(id, got + 1n);
          left--;
          progress = true;
        }
      }
    }
  } else {
    const total = entries.reduce((s, e) => s + e.lots, 0n);
    if (total > 1_000_000n) throw new Error('too many tickets for one draw');
    // Ticket t belongs to the application whose cumulative lots first exceed t.
    const tickets: bigint[] = [];
    for (const e of entries) for (let k = 0n; k < e.lots; k++) tickets.push(e.id);
    const shuffled = drawOrder(
      seed,
      tickets.map((_, i) => BigInt(i)),
    );
    const seen = new Set<bigint>();
    order = [];
    for (const t of shuffled) {
      const id = tickets[Number(t)];
      if (!seen.has(id)) {
        seen.add(id);
        order.push(id);
      }
      if (left > 0n) {
        allotted.set(id, (allotted.get(id) as bigint) + 1n);
        left--;
      }
    }
  }
  let waiting = waitlist;
  return order.map((id, i) => {
    const got = allotted.get(id) as bigint;
    if (got > 0n) return { id, outcome: 'won' as const, lots: got, rank: i + 1 };
    if (waiting > 0) {
      waiting--;
      return { id, outcome: 'waitlisted' as const, lots: 0n, rank: i + 1 };
    }
    return { id, outcome: 'lost' as const, lots: 0n, rank: i + 1 };
  });
}

/**
 * A winner declined (or did not pay by the deadline): the first waitlisted application in draw order
 * takes the freed lots (up to what it asked for; any still left go to the next waitlisted one).
 * Returns the new results and the ids promoted.
 */
export function promoteWaitlisted(
  results: readonly LotteryResult[],
  entries: readonly LotteryEntry[],
  abstainedId: bigint,
): { results: LotteryResult[]; promoted: bigint[] } {
  const out = results.map((r) => ({ ...r }));
  const gone = out.find((r) => r.id === abstainedId);
  if (gone?.outcome !== 'won') throw new Error('only a winner can abstain');
  let freed = gone.lots;
  gone.outcome = 'lost';
  gone.lots = 0n;
  const want = new Map(entries.map((e) => [e.id, e.lots]));
  const promoted: bigint[] = [];
  for (const r of [...out].sort((a, b) => a.rank - b.rank)) {
    if (freed === 0n) break;
    if (r.outcome !== 'waitlisted') continue;
    const take = (want.get(r.id) ?? 1n) < freed ? (want.get(r.id) ?? 1n) : freed;
    r.outcome = 'won';
    r.lots = take;
    freed -= take;
    promoted.push(r.id);
  }
  return { results: out, promoted };
}

// ---------------------------------------------------------------- block-trade allocation

export interface AllocationEntry {
  id: bigint;
  /** Lots subscribed. */
  lots: bigint;
}

export interface Allocation {
  id: bigint;
  lots: bigint;
}

/**
 * Pro rata in whole lots: when the subscriptions fit, everyone gets what they asked; otherwise each gets
 * floor(asked × available / subscribed), and the lots that floor leaves over go one at a time to the
 * subscriptions in seeded draw order that still want more. Never over-allots, never gives anyone more
 * than asked, and the result depends only on (seed, entries, available).
 */
export function allocateProRata(
  seed: string,
  entries: readonly AllocationEntry[],
  available: bigint,
): Allocation[] {
  if (available < 0n) throw new Error('available must not be negative');
  for (const e of entries) if (e.lots < 1n) throw new Error('a subscription is for at least one lot');
  const total = entries.reduce((s, e) => s + e.lots, 0n);
  if (total <= available) return entries.map((e) => ({ id: e.id, lots: e.lots }));
  const got = new Map(entries.map((e) => [e.id, (e.lots * available) / total]));
  let left = available - [...got.values()].reduce((s, v) => s + v, 0n);
  const order = drawOrder(
    seed,
    entries.map((e) => e.id),
  );
  const want = new Map(entries.map((e) => [e.id, e.lots]));
  while (left > 0n) {
    for (const id of order) {
      if (left === 0n) break;
      const g = got.get(id) as bigint;
      if (g < (want.get(id) as bigint)) {
        got.set(id, g + 1n);
        left--;
      }
    }
  }
  return entries.map((e) => ({ id: e.id, lots: got.get(e.id) as bigint }));
}

// ---------------------------------------------------------------- the committed entry list

/** An entry as committed: its id, the subscriber's public reference, and the lots it asks for. */
export interface CommittedEntry {
  id: bigint;
  /**
   * The subscriber's public reference: the SHA-256 (hex) of the application's order number, which only
   * the subscriber is shown; so each user can find their own line and nobody else's order number shows.
   */
  ref: string;
  lots: bigint;
}

/**
 * The text an entry list is committed to (issue #30, F9): one line per entry in id order,
 * `<id> <ref> <lots>\n`. The server publishes its SHA-256 (hex, over the UTF-8 text) when the
 * subscription window closes, before the seed is revealed, and the draw refuses to run on any other
 * list; the browser's "verify" recomputes the hash from the entries the proof lists and finds the user's
 * own line. Without it, whoever knows the seed early could add or drop entries until one wins.
 */
export function entryListText(entries: readonly CommittedEntry[]): string {
  return [...entries]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((e) => `${e.id} ${e.ref} ${e.lots}\n`)
    .join('');
}
