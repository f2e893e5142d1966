import './quotes.css';
import type { ReactNode } from 'react';
import { formatPercent, formatPrice, formatSigned, priceDecimals, trendClass } from '../lib/quote-format.ts';
import { type Tick, useLiveTicks } from '../lib/quote-stream.ts';
import { useTranslator } from '../lib/use-translator.ts';
import { type DataModeFields, DataModeLabel } from './data-mode.tsx';

/** One quote as lists show it (ranking, watchlist, search). */
export interface QuoteItem {
  symbol: string;
  name: string;
  /** Market data is JSON numbers (docs/wire.md, "Numbers, money and times"); a tick may replace them. */
  price: number;
  gain: number;
  gainValue: number;
  volume?: number;
  market?: string;
  mode?: DataModeFields['mode'];
  delayMinutes?: number;
  stale?: boolean;
}

/** A quote with the latest tick applied. */
export function withTick<T extends QuoteItem>(q: T, tick: Tick | undefined): T {
  if (!tick) return q;
  const mode = tick.mode ? { mode: tick.mode, delayMinutes: tick.delayMinutes, stale: tick.stale } : {};
  return {
    ...q,
    price: tick.price,
    gain: tick.gain,
    gainValue: tick.gainValue,
    volume: tick.volume,
    ...mode,
  };
}

export interface QuoteListProps {
  items: readonly QuoteItem[];
  market: string;
  onOpen: (q: QuoteItem) => void;
  /** Show the rank number before the name. */
  ranked?: boolean;
  /** Something before each row (e.g. a checkbox in edit mode). */
  lead?: (q: QuoteItem) => ReactNode;
  /** Replaces the row's open action (e.g. toggles selection in edit mode). */
  onRowClick?: (q: QuoteItem) => void;
  testId?: string;
  /** Show each row's market as a badge (lists that mix markets, e.g. search). */
  marketBadges?: boolean;
}

/** Name / code, price, change and change % per row; prices update live from the stream. */
export function QuoteList({
  items,
  market,
  onOpen,
  ranked,
  lead,
  onRowClick,
  testId = 'quote-row',
  marketBadges,
}: QuoteListProps) {
  const { t } = useTranslator('quotes');
  const ticks = useLiveTicks(items.map((q) => q.symbol));
  return (
    <div className="k-quote-list">
      <div className="k-quote-head" aria-hidden="true">
        <span className="k-quote-name">{t('columns.name')}</span>
        <span className="k-quote-price">
          {t('columns.price')} / {t('columns.change')}
        </span>
        <span className="k-quote-rate">{t('columns.rate')}</span>
      </div>
      <ul>
        {items.map((item, i) => {
          const q = withTick(item, ticks.get(item.symbol));
          const d = priceDecimals(q.market ?? market);
          const cls = trendClass(q.gainValue);
          return (
            <li key={`${q.market ?? market}:${q.symbol}`}>
              <button
                type="button"
                className="k-quote-row"
                onClick={() => (onRowClick ?? onOpen)(item)}
                data-testid={testId}
                data-symbol={q.symbol}
                data-market={q.market ?? market}
              >
                {lead?.(item)}
                {ranked && <span className={`k-rank-no${i < 3 ? ' is-top' : ''}`}>{i + 1}</span>}
                <span className="k-quote-name">
                  <strong>{q.name}</strong>
                  <small>
                    {marketBadges && (
                      <span className={`k-market-badge is-${q.market ?? market}`} data-testid="market-badge">
                        {t(`market.badge.${q.market ?? market}`)}
                      </span>
                    )}
                    {q.symbol}
                    <DataModeLabel mode={q.mode} delayMinutes={q.delayMinutes} stale={q.stale} />
                  </small>
                </span>
                <span className={`k-quote-price ${cls}`}>
                  <b data-testid="quote-price">{formatPrice(q.price, d)}</b>
                  <small>{formatSigned(q.gainValue, d)}</small>
                </span>
                <span className="k-quote-rate">
                  <span className={`k-rate-pill ${cls}`}>{formatPercent(q.gain)}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
