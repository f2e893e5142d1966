import type { LocalDate, Market, OrderTiming } from '@kabuto/domain';
import { useEffect, useState } from 'react';
import { useTranslator } from '../../../lib/use-translator.ts';
import type { fillPreview, validDays } from '../book-calendar.ts';

/** When an order executes and how long it stays: 執行条件 and 期間 (当日中 or 期間指定 until a date). */
export interface BookDraft {
  timing: OrderTiming;
  until: 'day' | LocalDate;
}

/** The calendar rules of the order book (book-calendar.ts), as the intraday chart's chunk carries them. */
export interface BookCalendar {
  fillPreview: typeof fillPreview;
  validDays: typeof validDays;
}

const TIMINGS: readonly OrderTiming[] = ['any', 'open', 'close'];

/** The order book's calendar rules once the intraday chart's code (already fetched on a stock's page) is here. */
export function useBookCalendar(): BookCalendar | null {
  const [calendar, setCalendar] = useState<BookCalendar | null>(null);
  useEffect(() => {
    let live = true;
    void import('./intraday-chart.tsx').then((m) => {
      if (live) setCalendar({ fillPreview: m.fillPreview, validDays: m.validDays });
    });
    return () => {
      live = false;
    };
  }, []);
  return calendar;
}

/** 執行条件 (通常 / 寄付 / 引け: 寄成・寄指・引成・引指 with the order type) and 期間 (当日中 / 期間指定). */
export function OrderBookFields({
  calendar,
  market,
  now,
  orderType,
  value,
  onChange,
}: {
  calendar: BookCalendar;
  market: Market;
  now: number;
  orderType: 1 | 2;
  value: BookDraft;
  onChange: (d: BookDraft) => void;
}) {
  const { t } = useTranslator('quotes');
  const days = calendar.validDays(market, now, value.timing);
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
