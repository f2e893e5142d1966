import './quotes.css';
import { formatPercent, formatPrice, formatSigned, trendClass } from '../lib/quote-format.ts';
import { useLiveTicks } from '../lib/quote-stream.ts';
import { DataModeLabel } from './data-mode.tsx';
import { type QuoteItem, withTick } from './quote-list.tsx';

export interface IndexItem extends QuoteItem {
  market: string;
}

/** Index cards: name, value, change and change %; live. `layout="strip"` scrolls sideways (home). */
export function IndexCards({
  items,
  onOpen,
  layout = 'strip',
}: {
  items: readonly IndexItem[];
  onOpen: (q: IndexItem) => void;
  layout?: 'strip' | 'grid';
}) {
  const ticks = useLiveTicks(items.map((q) => q.symbol));
  return (
    <ul className={`k-index-cards is-${layout}`}>
      {items.map((item) => {
        const q = withTick(item, ticks.get(item.symbol));
        const cls = trendClass(q.gainValue);
        return (
          <li key={`${q.market}:${q.symbol}`}>
            <button
              type="button"
              className={`k-index-card ${cls}`}
              onClick={() => onOpen(item)}
              data-testid="index-card"
              data-symbol={q.symbol}
            >
              <span className="k-index-name">{q.name}</span>
              <DataModeLabel mode={q.mode} delayMinutes={q.delayMinutes} stale={q.stale} />
              <strong className="k-index-value">{formatPrice(q.price, 2)}</strong>
              <span className="k-index-change">
                {formatSigned(q.gainValue, 2)} <span>{formatPercent(q.gain)}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
