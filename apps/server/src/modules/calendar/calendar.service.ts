import { isUniqueViolation, withTx } from '@kabuto/db';
import {
  addDays,
  closureReason,
  dayKind,
  daySchedule,
  formatHm,
  isTradingDay,
  localDate,
  MARKET_ZONE,
  type Market,
  nextOpen,
  type OperatorClosure,
  operatorClosure,
  parseHm,
  sessionState,
  setOperatorClosures,
  toUnixSeconds,
  weekday,
} from '@kabuto/domain';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { audit } from '../../shared/audit.ts';
import type { CalendarChanges } from '../../shared/calendar-changes.ts';
import type { Operator } from '../../shared/sessions.ts';
import * as repo from './calendar.repo.ts';

/** How far ahead `/common/calendar` lists closures (days). */
export const CALENDAR_AHEAD_DAYS = 90;
/** Every process reads the closures again this often, whatever the bus says (a message lost to an outage). */
export const CLOSURES_RELOAD_MS = 60_000;

export interface ClosureInput {
  market: Market;
  date: string;
  kind: 'closed' | 'half_day';
  close?: string;
  name: string;
  reason: string;
}

/**
 * Market calendars with the operators' closures. The closures live in `market_closure`; every process
 * holds them in the domain's calendar (`setOperatorClosures`), read at start, again whenever the
 * calendar bus says they changed (an operator's add or removal in any process) and every minute. An
 * add or removal commits with its audit line, then this process reloads and the bus tells the others
 * before the reply: the next order on that market sees the day closed, without a restart.
 */
export function calendarService(deps: Deps, bus: CalendarChanges) {
  const { db, clock } = deps;

  async function load(): Promise<void> {
    const rows = await repo.listClosures(db);
    setOperatorClosures(
      rows.map(
        (r): OperatorClosure => ({
          market: r.market as Market,
          date: r.date,
          kind: r.kind,
          closeAt: r.close_at ?? undefined,
          name: r.name,
        }),
      ),
    );
  }

  const reload = () => {
    load().catch(() => {
      // the database away: the closures in memory stay until the next reload
    });
  };
  const unsubscribe = bus.onChanged(reload);
  const timer = setInterval(reload, CLOSURES_RELOAD_MS);
  timer.unref();

  async function changed(): Promise<void> {
    await load();
    await bus.changed();
  }

  async function add(op: Operator, input: ClosureInput): Promise<{ id: string }> {
    const today = localDate(input.market, clock.now());
    if (input.date < today) refuse('calendar.pastDate');
    if (operatorClosure(input.market, input.date)) refuse('calendar.closureExists');
    const w = weekday(input.date);
    if (w === 0 || w === 6 || !isTradingDay(input.market, input.date)) refuse('calendar.notTradingDay');
    let closeAt: string | null = null;
    if (input.kind === 'half_day') {
      const s = daySchedule(input.market, input.date);
      const from = s ? formatHm(s.phases[0].localStart) : '';
      const to = s ? formatHm(s.phases[s.phases.length - 1].localEnd) : '';
      const at = input.close;
      if (
        !s ||
        !at ||
        parseHm(at) <= s.phases[0].localStart ||
        parseHm(at) >= s.phases[s.phases.length - 1].localEnd
      )
        return refuse('calendar.badCloseTime', { from, to });
      closeAt = at;
    }
    const now = new Date(clock.now());
    let id: bigint;
    try {
      id = await withTx(db, async (tx) => {
        const row = await repo.insertClosure(tx, {
          market: input.market,
          date: input.date,
          kind: input.kind,
          close_at: closeAt,
          name: input.name,
          reason: input.reason,
          created_by: op.id,
          created_at: now,
        });
        await audit(
          tx,
          op,
          {
            action: 'calendar.closureAdd',
            target: `market_closure:${row.id}`,
            reason: input.reason,
            detail: {
              market: input.market,
              date: input.date,
              kind: input.kind,
              close: closeAt,
              name: input.name,
            },
          },
          now,
        );
        return row.id;
      });
    } catch (err) {
      if (isUniqueViolation(err)) refuse('calendar.closureExists');
      throw err;
    }
    await changed();
    return { id: String(id) };
  }

  async function remove(op: Operator, id: bigint, reason: string): Promise<void> {
    const now = new Date(clock.now());
    await withTx(db, async (tx) => {
      const row = await repo.deleteClosure(tx, id);
      if (!row) return refuse('calendar.closureNotFound');
      await audit(
        tx,
        op,
        {
          action: 'calendar.closureRemove',
          target: `market_closure:${id}`,
          reason,
          detail: { market: row.market, date: row.date, kind: row.kind, close: row.close_at, name: row.name },
        },
        now,
      );
    });
    await changed();
  }

  async function list(market?: Market) {
    return (await repo.listClosures(db, market)).map((r) => ({
      id: String(r.id),
      market: r.market,
      date: r.date,
      kind: r.kind,
      close: r.close_at ?? '',
      name: r.name,
      reason: r.reason,
      created_by: r.created_by_name ?? '',
      create_time: toUnixSeconds(r.created_at.getTime()),
    }));
  }

  /** A market's calendar now: the session, the next open, the closures of the next 90 days. */
  function publicCalendar(market: Market) {
    const now = clock.now();
    const today = localDate(market, now);
    const closures: {
      date: string;
      kind: 'closed' | 'half_day';
      close: string;
      name: string;
      source: 'table' | 'operator';
    }[] = [];
    for (let d = today, i = 0; i < CALENDAR_AHEAD_DAYS; i++, d = addDays(d, 1)) {
      const w = weekday(d);
      if (w === 0 || w === 6) continue;
      const op = operatorClosure(market, d);
      const source = op ? ('operator' as const) : ('table' as const);
      if (!isTradingDay(market, d)) {
        closures.push({ date: d, kind: 'closed', close: '', name: closureReason(market, d) ?? '', source });
      } else if (dayKind(market, d) === 'half_day') {
        const s = daySchedule(market, d);
        const close = s ? formatHm(s.phases[s.phases.length - 1].localEnd) : '';
        closures.push({ date: d, kind: 'half_day', close, name: op?.name ?? 'Early close', source });
      }
    }
    return {
      market,
      zone: MARKET_ZONE[market],
      today,
      trading_today: isTradingDay(market, today),
      session: sessionState(market, now),
      next_open: toUnixSeconds(nextOpen(market, now)),
      closures,
    };
  }

  return {
    load,
    add,
    remove,
    list,
    publicCalendar,
    close: () => {
      unsubscribe();
      clearInterval(timer);
    },
  };
}

export type CalendarService = ReturnType<typeof calendarService>;
