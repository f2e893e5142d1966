import { type Db, withTx } from '@kabuto/db';
import { type Clock, localDate, MarginIndex, type Units } from '@kabuto/domain';
import type { MarketDataProvider } from '@kabuto/market';
import { readBooks, type UserBook } from './margin.books.ts';
import { TransferFeed, transfersSince, transferTop } from './margin.feed.ts';

/** How the watch decides when to read everything again. */
export interface WatchOptions {
  /** A full rebuild at least this often (ms of real time); default one hour. */
  rebuildMs?: number;
  /** More transfers than this since the last round: rebuild instead of reading them one by one. */
  maxTransfers?: number;
  /** How far below the highest transfer id a rebuild looks for transactions still in flight. */
  window?: bigint;
}

/** What one round of the watch hands the maintenance to decide, and how it got it. */
export interface WatchRound {
  /** Books read afresh from the database: every book after a rebuild, else only those that may have moved. */
  books: UserBook[];
  rebuilt: boolean;
}

/**
 * The margin books of every account in memory (the domain's `MarginIndex`), kept current round by round
 * without reading every account:
 *
 * - the prices: each round hands the index the quotes of the symbols held, and the index moves the P&L
 *   of the accounts holding the symbols that moved, listing those now below the line;
 * - the books: a user's book changes only by a ledger transfer of theirs (a fill or close holds or
 *   releases margin, cash comes or goes), so the users of the transfers since the last round
 *   (`TransferFeed`) have their books read again and replaced in the index;
 * - the users with an open call are read every round (to see a call met or due).
 *
 * Only those books are read from the database and decided on, so the maintenance acts on the database's
 * figures, never on the index's. Everything is read again (and the index rebuilt) at the first round,
 * when the Tokyo date changes (a split changes quantities without moving money), at least every
 * `rebuildMs`, when more transfers came than are worth reading one by one, and when removed books leave
 * more empty slots than there are live positions.
 */
export function marginWatch(
  deps: { db: Db; clock: Clock; market: MarketDataProvider },
  opts: WatchOptions = {},
) {
  const { db, clock, market } = deps;
  const rebuildMs = opts.rebuildMs ?? 60 * 60_000;
  const maxTransfers = opts.maxTransfers ?? 20_000;
  const window = opts.window ?? 2_000n;

  let index: MarginIndex | null = null;
  let feed = new TransferFeed();
  /** Per user, the index's account numbers of their books (one per market). */
  let accountsOf = new Map<bigint, number[]>();
  let userOf: bigint[] = [];
  let positions = 0;
  let builtAt = 0;
  let builtDate = '';

  /** Index keys are `market:symbol` (codes of two markets may be the same digits). */
  const keyOf = (b: UserBook, symbol: string) => `${b.market}:${symbol}`;

  function put(b: UserBook): void {
    const ix = index as MarginIndex;
    const n = ix.addAccount(b.book.collateral);
    userOf[n] = b.userId;
    b.rows.forEach((r, i) => {
      const p = b.book.positions[i];
      ix.addPosition(n, keyOf(b, r.symbol), {
        openPrice: p.openPrice,
        quantity: p.quantity,
        direction: p.direction,
      });
    });
    positions += b.rows.length;
    const list = accountsOf.get(b.userId);
    if (list) list.push(n);
    else accountsOf.set(b.userId, [n]);
  }

  /** The users' books, read now, replace what the index held for them. */
  async function reread(users: Iterable<bigint>): Promise<UserBook[]> {
    const ids = [...new Set(users)];
    if (!ids.length) return [];
    const books = await readBooks(db, market, ids);
    const ix = index as MarginIndex;
    for (const u of ids) {
      for (const n of accountsOf.get(u) ?? []) ix.removeAccount(n);
      accountsOf.delete(u);
    }
    for (const b of books) put(b);
    return books;
  }

  async function rebuild(): Promise<UserBook[]> {
    // one snapshot: the books and the transfer id they include, so the feed starts where they end
    const { books, top } = await withTx(
      db,
      async (tx) => ({ top: await transferTop(tx, window), books: await readBooks(tx, market) }),
      { isolation: 'repeatable read' },
    );
    index = new MarginIndex();
    feed = new TransferFeed();
    feed.reset(top.hi, top.seen, window, Date.now());
    accountsOf = new Map();
    userOf = [];
    positions = 0;
    for (const b of books) put(b);
    builtAt = Date.now();
    builtDate = localDate('jpy', clock.now());
    return books;
  }

  /** Moves the index to the current quotes; the users of the accounts now below the line. */
  function tick(linePpm: bigint): Set<bigint> {
    const ix = index as MarginIndex;
    const prices = new Map<string, Units>();
    for (const key of ix.symbols()) {
      const price = market.quote(key.slice(key.indexOf(':') + 1))?.price;
      if (price !== undefined && price > 0n) prices.set(key, price);
    }
    const users = new Set<bigint>();
    for (const n of ix.tick(prices, linePpm).below) users.add(userOf[n]);
    return users;
  }

  const rebuildDue = () =>
    index === null ||
    Date.now() - builtAt >= rebuildMs ||
    localDate('jpy', clock.now()) !== builtDate ||
    (index.emptySlots() > positions && positions > 0);

  /** This round's books to decide: `linePpm` the maintenance line, `callUsers` the users with an open call. */
  async function round(linePpm: bigint, callUsers: readonly bigint[]): Promise<WatchRound> {
    const full = async (): Promise<WatchRound> => {
      // every book was read at current quotes; the tick brings the index's prices to them
      const books = await rebuild();
      tick(linePpm);
      return { books, rebuilt: true };
    };
    if (rebuildDue()) return full();
    const wanted = feed.wanted();
    const moved = await transfersSince(db, wanted.after, wanted.gaps, maxTransfers + 1);
    if (moved.length > maxTransfers) return full();
    feed.advance(
      moved.map((m) => m.id),
      Date.now(),
    );
    const changed = new Set<bigint>(callUsers);
    for (const m of moved) for (const u of m.users) changed.add(u);
    const fresh = await reread(changed);
    const below = [...tick(linePpm)].filter((u) => !changed.has(u));
    return { books: [...fresh, ...(await reread(below))], rebuilt: false };
  }

  return { round };
}

export type MarginWatch = ReturnType<typeof marginWatch>;
