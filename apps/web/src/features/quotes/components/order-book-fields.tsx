import {
  continuousFill,
  formatUnits,
  type LocalDate,
  lastValidDay,
  localDate,
  lockedAgainst,
  MARKET_ZONE,
  type Market,
  type OrderTiming,
  orderSession,
  tradingDaysBetween,
  type Units,
  wallClock,
} from '@kabuto/domain';
import { formatPrice } from '../../../lib/quote-format.ts';
import { useTranslator } from '../../../lib/use-translator.ts';

/** When an order executes and how long it stays: 執行条件 and 期間 (当日中 or 期間指定 until a date). */
export interface BookDraft {
  timing: OrderTiming;
  until: 'day' | LocalDate;
}

const TIMINGS: readonly OrderTiming[] = ['any', 'open', 'close'];

/**
 * The first day an order placed at `now` can trade (the day of the call it waits for, or today in
 * continuous trading), and the days it may name as its last: at most 15 trading days counting that day
 * (`lastValidDay`, as the server checks `valid_until`).
 */
export function validDays(market: Market, now: number, timing: OrderTiming): LocalDate[] {
  const s = orderSession(market, now, timing);
  const first = s.continuous ? localDate(market, now) : s.waitsFor.date;
  return tradingDaysBetween(market, first, lastValidDay(market, first));
}

/**
 * The preview of when and at what price an entry order fills, by the domain's rules the server's
 * venue runs: in continuous trading a market order (or a marketable limit) fills at the market price
 * (`continuousFill`; a market order at a locked limit waits for the close's allocation), a limit not
 * reached rests; outside it the order waits for its call (`orderSession`) and fills at the call's one
 * price when it crosses.
 */
export function fillPreview(
  t: (key: string, values?: Record<string, string>) => string,
  o: {
    market: Market;
    now: number;
    timing: OrderTiming;
    direction: 1 | 2;
    limit: Units | null;
    price: Units;
    limits: { up: Units | null; down: Units | null };
    decimals: number;
  },
): string {
  const p = (u: Units) => formatPrice(formatUnits(u), o.decimals);
  const s = orderSession(o.market, o.now, o.timing);
  if (!s.continuous) {
    const at = wallClock(MARKET_ZONE[o.market], s.waitsFor.at).replace('T', ' ');
    const call = t(`book.call.${s.waitsFor.kind}`, { at });
    return o.limit === null
      ? t('book.pv.callMarket', { call })
      : t('book.pv.callLimit', { call, limit: p(o.limit) });
  }
  if (o.limit === null && lockedAgainst(o.direction, o.price, o.limits)) return t('book.pv.locked');
  const fill = continuousFill(o.direction, o.limit, o.price);
  if (fill !== null) return t('book.pv.now', { price: p(fill) });
  return t('book.pv.rest', { limit: p(o.limit as Units) });
}

/** 執行条件 (通常 / 寄付 / 引け: 寄成・寄指・引成・引指 with the order type) and 期間 (当日中 / 期間指定). */
export function OrderBookFields({
  market,
  now,
  orderType,
  value,
  onChange,
}: {
  market: Market;
  now: number;
  orderType: 1 | 2;
  value: BookDraft;
  onChange: (d: BookDraft) => void;
}) {
  const { t } = useTranslator('quotes');
  const days = validDays(market, now, value.timing);
  const kind = orderType === 1 ? 'market' : 'limit';
  // an until-date outside the days offered now (the timing moved the first day) falls back to the day
  const until = value.until !== 'day' && !days.includes(value.until) ? 'day' : value.until;
  return (
    <>
      <div className="k-form-row is-stack">
        <span className="k-form-label">{t('book.timing')}</span>
        <div className="k-pills is-wrap">
          {TIMINGS.map((tm) => (
            <button
              key={tm}
              type="button"
              aria-pressed={value.timing === tm}
              className={value.timing === tm ? 'is-active' : ''}
              onClick={() => onChange({ ...value, timing: tm, until })}
              data-testid={`order-timing-${tm}`}
            >
              {t(`book.timing.${tm}.${kind}`)}
            </button>
          ))}
        </div>
      </div>
      {value.timing === 'any' && (
        <div className="k-form-row is-stack">
          <span className="k-form-label">{t('book.validity')}</span>
          <div className="k-pills is-wrap">
            <button
              type="button"
              aria-pressed={until === 'day'}
              className={until === 'day' ? 'is-active' : ''}
              onClick={() => onChange({ ...value, until: 'day' })}
              data-testid="order-valid-day"
            >
              {t('book.day')}
            </button>
            <button
              type="button"
              aria-pressed={until !== 'day'}
              className={until !== 'day' ? 'is-active' : ''}
              onClick={() => onChange({ ...value, until: days[days.length - 1] ?? 'day' })}
              data-testid="order-valid-until"
            >
              {t('book.until')}
            </button>
          </div>
          {until !== 'day' && (
            <div className="k-book-days">
              {days.map((d) => (
                <button
                  key={d}
                  type="button"
                  aria-pressed={until === d}
                  className={until === d ? 'is-active' : ''}
                  onClick={() => onChange({ ...value, until: d })}
                  data-date={d}
                  data-testid="order-valid-date"
                >
                  {t('book.dayLabel', { m: String(Number(d.slice(5, 7))), d: String(Number(d.slice(8))) })}
                </button>
              ))}
            </div>
          )}
        </div>
      )}
    </>
  );
}
