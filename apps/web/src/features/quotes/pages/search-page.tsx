import '../quotes.css';
import Dialog from 'antd-mobile/es/components/dialog';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { MarketSwitcher } from '../../../components/market-switcher.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QuoteList } from '../../../components/quote-list.tsx';
import { useMarket } from '../../../lib/market-choice.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useSearch } from '../api/use-search.ts';
import { clearHistory, type HistoryEntry, readHistory, remember } from '../search-history.ts';

const DEBOUNCE_MS = 250;

/**
 * `/quotes/search`: search every market by code or name (any language); the chosen market (the switcher,
 * shared with the quote screens) ranks first, and each result carries its market's badge. Also the
 * search history.
 */
export function SearchPage() {
  const { t } = useTranslator('quotes');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [history, setHistory] = useState<HistoryEntry[]>(readHistory);
  const market = useMarket();
  const results = useSearch(query, market);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const open = (entry: HistoryEntry) => {
    setHistory(remember(entry));
    navigate(`/quotes/info?symbol=${encodeURIComponent(entry.symbol)}&type=${entry.market}`);
  };

  const onClear = async () => {
    const ok = await Dialog.confirm({
      content: t('search.clearConfirm'),
      confirmText: t('search.clear'),
      cancelText: t('common:actions.cancel'),
    });
    if (!ok) return;
    clearHistory();
    setHistory([]);
  };

  const searching = query.trim().length > 0;
  let body: ReactNode;
  if (!searching) {
    body = (
      <section className="k-card">
        <div className="k-section-head">
          <h2>{t('search.history')}</h2>
          {history.length > 0 && (
            <button
              type="button"
              className="k-more"
              onClick={() => void onClear()}
              data-testid="search-clear"
            >
              {t('search.clear')}
            </button>
          )}
        </div>
        {history.length === 0 ? (
          <p className="k-q-muted">{t('search.noHistory')}</p>
        ) : (
          <div className="k-chips" data-testid="search-history">
            {history.map((h) => (
              <button
                key={`${h.market}:${h.symbol}`}
                type="button"
                className="k-chip-btn"
                onClick={() => open(h)}
              >
                <strong>{h.name}</strong>
                <small>{h.symbol}</small>
              </button>
            ))}
          </div>
        )}
      </section>
    );
  } else if (results.isPending) body = <ListSkeleton rows={5} />;
  else if (results.isError) body = <ErrorState onRetry={() => void results.refetch()} />;
  else if (results.data.length === 0) body = <Empty text={t('search.noResults')} />;
  else
    body = (
      <section className="k-card" data-testid="search-results">
        <QuoteList
          items={results.data}
          market={market}
          marketBadges
          testId="search-result"
          onOpen={(q) => open({ symbol: q.symbol, name: q.name, market: q.market ?? 'jpy' })}
        />
      </section>
    );

  return (
    <>
      <PageHeader title={t('search.title')} />
      <div className="k-q-searchbar">
        <MarketSwitcher className="k-q-search-markets" />
        <label className="k-field k-q-search">
          <Icon name="search" size={18} />
          <input
            type="search"
            name="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('search.placeholder')}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={40}
            // biome-ignore lint/a11y/noAutofocus: the screen exists to type a query
            autoFocus
            data-testid="search-input"
          />
          {text && (
            <button
              type="button"
              className="k-field-action"
              onClick={() => setText('')}
              aria-label={t('search.reset')}
            >
              <Icon name="close" size={16} />
            </button>
          )}
        </label>
      </div>
      <div className="k-body">{body}</div>
    </>
  );
}
