import { withTx } from '@kabuto/db';
import {
  APPLICATION_STATUS,
  type IpoMarket,
  ipoFirstPrice,
  localDate,
  MARKET_ZONE,
  type Market,
  moveOffering,
  OFFERING_STATE,
  POSITION_STATUS,
  type Units,
  zonedEpoch,
} from '@kabuto/domain';
import { lockLedgerAccounts } from '@kabuto/ledger';
import { plainAmount } from '../../shared/amounts.ts';
import { transfer } from '../../shared/ledger.ts';
import { marketModeOf } from '../../shared/market-data.ts';
import { sendNotice } from '../../shared/notices.ts';
import type { LotteryService } from './lottery.service.ts';
import { listingInstrument, listingSeed, type NewSharesDeps, tickOfBoard } from './new-shares.deps.ts';
import type { OfferingRow } from './new-shares.repo.ts';
import * as repo from './new-shares.repo.ts';

/**
 * The new-share jobs (the leader's round, on their dates): commitments, draws, the waitlist's release
 * after the payment deadline, the listing; and bringing listed offerings into the market data.
 */
export function newSharesJobs(d: NewSharesDeps, lottery: LotteryService) {
  const { db, clock, market } = d;
  const { ensureCommitment, ensureEntriesCommitment, draw, release, setStatus } = lottery;

  // ---------------------------------------------------------------- deadline and listing

  /** After the payment deadline, waitlisted applications that were not promoted are released. */
  async function expireWaitlist(id: bigint): Promise<number> {
    const now = clock.now();
    const at = new Date(now);
    return withTx(db, async (tx) => {
      const o = await repo.lockOffering(tx, id);
      if (!o || now < o.payment_deadline.getTime()) return 0;
      const apps = await repo.lockApplications(tx, o.id);
      let n = 0;
      for (const a of apps)
        if (a.outcome === 'waitlisted') {
          await release(tx, o, a, at, 'ipoNotWon');
          n++;
        }
      return n;
    });
  }

  /** Add a listed offering to the market data (every process does, at start and on each round). */
  function addToMarket(o: OfferingRow): boolean {
    if (market.instrument(o.code)) return false;
    market.addInstrument(listingInstrument(o));
    return true;
  }

  /**
   * On a market with real data (a provider other than the simulator) the first price is the market's:
   * the open of the first daily bar on or after the listing day, once the provider has it. The listing's
   * instrument joins the provider first, so that a feed that learns its listed issues at start-up quotes
   * it too. Null while the provider has no such bar yet (the listing waits for it); undefined on
   * simulated data (the seeded IPO model prices it).
   */
  async function realFirstPrice(o: OfferingRow): Promise<Units | null | undefined> {
    const currency = o.market as Market;
    if (marketModeOf(market, currency).mode === 'simulated') return undefined;
    addToMarket(o);
    const day = localDate(currency, o.listing_at.getTime());
    const from = zonedEpoch(MARKET_ZONE[currency], day, 0);
    const bars = await market.candles(o.code, '1D', { limit: 5000 }).catch(() => []);
    const first = bars.find((b) => b.time >= from && b.open > 0n);
    return first ? first.open : null;
  }

  async function syncListings(): Promise<number> {
    let n = 0;
    for (const o of await repo.listedOfferings(db)) if (addToMarket(o)) n++;
    return n;
  }

  /**
   * The listing: the first price from the market's provider on real data (`realFirstPrice`), else from the
   * seeded IPO model under the exchange's opening rules; the
   * instrument joins the market data, and each paid winner holds a leverage-1 position at the offer
   * price (`source` new_share), its money moved from the subscription account into the user's margin.
   */
  async function list(id: bigint): Promise<boolean> {
    const now = clock.now();
    const at = new Date(now);
    const due = await repo.getOffering(db, id);
    if (!due || due.state !== OFFERING_STATE.drawn || now < due.listing_at.getTime()) return false;
    const real = await realFirstPrice(due);
    if (real === null) return false;
    await expireWaitlist(id);
    const listed = await withTx(db, async (tx) => {
      const o = await repo.lockOffering(tx, id);
      if (!o || o.state !== OFFERING_STATE.drawn || now < o.listing_at.getTime()) return null;
      moveOffering(o.state, OFFERING_STATE.listed);
      const price = o.offer_price as Units;
      const currency = o.market as Market;
      const first =
        real ??
        ipoFirstPrice(listingSeed(o.seed as string), currency as IpoMarket, price, tickOfBoard(o.board));
      const apps = (await repo.lockApplications(tx, o.id)).filter(
        (a) => a.status === APPLICATION_STATUS.paid,
      );
      const accounts = await lockLedgerAccounts(
        tx,
        apps.flatMap((a) => [
          { owner: a.user_id, currency, kind: 'allotment' as const },
          { owner: a.user_id, currency, kind: 'margin' as const },
        ]),
      );
      if (apps.length > 0)
        await transfer(
          tx,
          apps.map((a, i) => ({
            type: 'single' as const,
            // the accounts come back in the order asked: each application's allotment, then its margin
            debitAccountId: accounts[2 * i].id,
            creditAccountId: accounts[2 * i + 1].id,
            amount: a.paid,
            currency,
            code: 'ipo' as const,
            operationRef: `ipo:${a.order_no}`,
          })),
        );
      const positions = await d.insertPositions(
        tx,
        apps.map((a) => ({
          user_id: a.user_id,
          order_no: a.order_no,
          market: currency,
          symbol: o.code,
          direction: 1,
          order_type: 1,
          leverage: 1,
          quantity: a.allotted,
          limit_price: null,
          open_price: price,
          margin: a.paid,
          buy_fee: 0n,
          stamp_duty: 0n,
          status: POSITION_STATUS.holding,
          hold_margin_transfer: null,
          hold_fee_transfer: null,
          source: 'new_share',
          created_at: at,
          filled_at: at,
          updated_at: at,
        })),
      );
      const posOf = new Map(positions.map((p) => [p.order_no, p.id]));
      for (const a of apps) {
        await setStatus(tx, a, APPLICATION_STATUS.listed, { position_id: posOf.get(a.order_no) ?? null }, at);
        await sendNotice(tx, at, a.user_id, 'ipoListed', {
          name: o.name_jp,
          code: o.code,
          first: plainAmount(first),
          price: plainAmount(price),
          shares: a.allotted.toString(),
        });
      }
      await repo.updateOffering(tx, o.id, {
        state: OFFERING_STATE.listed,
        first_price: first,
        listed_at: at,
        updated_at: at,
      });
      return { ...o, state: OFFERING_STATE.listed, first_price: first, listed_at: at };
    });
    if (listed) addToMarket(listed);
    return listed !== null;
  }

  /** The leader's round: publish commitments, draw what is due, release the waitlists, list. */
  async function runJobs() {
    const now = new Date(clock.now());
    const out = { committed: 0, drawn: 0, expired: 0, listed: 0 };
    for (const o of await repo.openedWithoutSeed(db, now)) {
      await ensureCommitment(o.id);
      out.committed++;
    }
    // The entry list is committed at the window's close, before any draw reveals the seed (F9).
    for (const o of await repo.closedWithoutEntriesCommitment(db, now)) await ensureEntriesCommitment(o.id);
    for (const o of await repo.dueForDraw(db, now)) {
      await draw(o.id, null);
      out.drawn++;
    }
    for (const o of await repo.waitlistExpired(db, now)) out.expired += await expireWaitlist(o.id);
    for (const o of await repo.dueForListing(db, now)) if (await list(o.id)) out.listed++;
    await syncListings();
    return out;
  }

  return { expireWaitlist, list, syncListings, runJobs };
}
