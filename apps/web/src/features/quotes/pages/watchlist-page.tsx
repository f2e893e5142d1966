import '../quotes.css';
import Dialog from 'antd-mobile/es/components/dialog';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { MarketSwitcher } from '../../../components/market-switcher.tsx';
import { QuoteList } from '../../../components/quote-list.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { useMarket } from '../../../lib/market-choice.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useWatchlist, useWatchlistEdit } from '../api/use-watchlist.ts';

/** `/quotes/self`: the watchlist of the selected market, live; edit mode with select all and delete. */
export function WatchlistPage() {
  const { t } = useTranslator('quotes');
  const navigate = useNavigate();
  const market = useMarket();
  const list = useWatchlist(market);
  const { remove } = useWatchlistEdit(market);
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const items = list.data ?? [];
  const allSelected = items.length > 0 && items.every((q) => selected.has(q.symbol));

  const toggle = (symbol: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(symbol)) next.delete(symbol);
      else next.add(symbol);
      return next;
    });

  const stopEditing = () => {
    setEditing(false);
    setSelected(new Set());
  };

  const onDelete = async () => {
    if (selected.size === 0) return;
    const ok = await Dialog.confirm({
      content: t('watchlist.deleteConfirm', { n: selected.size }),
      confirmText: t('watchlist.delete'),
      cancelText: t('common:actions.cancel'),
    });
    if (!ok) return;
    await remove.mutateAsync([...selected]).catch(() => {});
    stopEditing();
  };

  let body: ReactNode;
  if (list.isPending) body = <ListSkeleton rows={6} />;
  else if (list.isError && !items.length) body = <ErrorState onRetry={() => void list.refetch()} />;
  else
    body = (
      <Refreshable onRefresh={() => list.refetch()}>
        {items.length === 0 ? (
          <Empty text={t('watchlist.empty')}>
            <button type="button" className="k-btn k-btn-ghost" onClick={() => navigate('/quotes/search')}>
              <Icon name="search" size={18} />
              {t('watchlist.find')}
            </button>
          </Empty>
        ) : (
          <QuoteList
            items={items}
            market={market}
            testId="watch-row"
            onOpen={(q) => navigate(`/quotes/info?symbol=${encodeURIComponent(q.symbol)}&type=${market}`)}
            onRowClick={editing ? (q) => toggle(q.symbol) : undefined}
            lead={
              editing
                ? (q) => (
                    <span className={`k-check${selected.has(q.symbol) ? ' is-on' : ''}`} aria-hidden="true">
                      <Icon name="check" size={14} strokeWidth={3} />
                    </span>
                  )
                : undefined
            }
          />
        )}
      </Refreshable>
    );

  return (
    <>
      <header className="k-header is-yellow">
        <div className="k-header-side">
          <button
            type="button"
            className="k-icon-btn"
            onClick={() => navigate('/quotes/search')}
            aria-label={t('search.title')}
            data-testid="watch-search"
          >
            <Icon name="search" size={22} />
          </button>
        </div>
        <h1 className="k-header-title" data-testid="page-title">
          {t('watchlist.title')}
        </h1>
        <div className="k-header-side is-end">
          {items.length > 0 && (
            <button
              type="button"
              className="k-header-text-btn"
              onClick={() => (editing ? stopEditing() : setEditing(true))}
              data-testid="watch-edit"
            >
              {editing ? t('watchlist.done') : t('watchlist.edit')}
            </button>
          )}
        </div>
      </header>
      <div className="k-q-switch">
        <MarketSwitcher />
      </div>
      <div className="k-q-list-card">{body}</div>
      {editing && (
        <div className="k-edit-bar">
          <button
            type="button"
            className="k-edit-all"
            onClick={() => setSelected(allSelected ? new Set() : new Set(items.map((q) => q.symbol)))}
            data-testid="watch-select-all"
          >
            <span className={`k-check${allSelected ? ' is-on' : ''}`} aria-hidden="true">
              <Icon name="check" size={14} strokeWidth={3} />
            </span>
            {t('watchlist.selectAll')}
          </button>
          <button
            type="button"
            className="k-btn k-btn-danger"
            disabled={selected.size === 0 || remove.isPending}
            onClick={() => void onDelete()}
            data-testid="watch-delete"
          >
            {t('watchlist.deleteN', { n: selected.size })}
          </button>
        </div>
      )}
    </>
  );
}
