import type { Market } from '@kabuto/domain';
import '../../../components/money.css';
import '../block-trades.css';
import Dialog from 'antd-mobile/es/components/dialog';
import { MarketModeLabel } from '../../../components/data-mode.tsx';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Figure } from '../../../components/figure.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { formatMarketDateTime, formatMoney } from '../../../lib/format.ts';
import { showMsg } from '../../../lib/messages.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useAfterMarketBuy } from '../api/use-block-orders.ts';
import { type Offering, useOfferings } from '../api/use-offerings.ts';

/** `/home/large2`: after-market trading, at the day's closing price inside the after-market window. */
export function AfterMarketPage() {
  const { t } = useTranslator('block');
  const list = useOfferings('jpy', 'afterMarket');
  const buy = useAfterMarketBuy();
  const rows = list.data ?? [];
  const first = rows[0];
  const now = Date.now() / 1000;
  const open = first !== undefined && first.start <= now && now < first.end;

  const order = (o: Offering, direction: 1 | 2) => {
    if (buy.isPending) return;
    const shares = String(o.minimum);
    Dialog.confirm({
      title: direction === 1 ? t('buyAtClose') : t('sellAtClose'),
      content: (
        <dl className="k-kv k-confirm-kv">
          <Figure label={o.name} className="k-num">
            {formatMoney(o.price, 'jpy')}
          </Figure>
          <Figure label={t('shares')} className="k-num">
            {shares}
          </Figure>
        </dl>
      ),
      confirmText: t('confirm'),
      cancelText: t('common:actions.cancel'),
      onConfirm: async () => {
        try {
          const { code } = await buy.mutateAsync({ symbol: o.symbol, shares, direction, type: 'jpy' });
          showMsg(code ?? 'ok.bought');
        } catch {
          // the refusal is already shown
        }
      },
    });
  };

  return (
    <>
      <PageHeader
        title={t('afterMarket')}
        action={{ icon: 'order', to: '/position/index', label: t('positions') }}
      />
      {first && (
        <p className={`k-block-window${open ? ' is-open' : ''}`} data-testid="after-market-window">
          {open ? t('windowOpen') : t('windowClosed')}{' '}
          {first.start
            ? `${formatMarketDateTime(first.start, first.market as Market)} – ${formatMarketDateTime(first.end, first.market as Market)}`
            : ''}
        </p>
      )}
      {list.isPending ? (
        <ListSkeleton rows={6} lines={2} />
      ) : list.isError && !rows.length ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : (
        <Refreshable onRefresh={() => list.refetch()}>
          {rows.length === 0 ? (
            <Empty text={t('noStocks')} />
          ) : (
            <ul className="k-rev-list" data-testid="after-market-list">
              {rows.map((o) => (
                <li key={o.id} className="k-rev k-block-am" data-testid="after-market-row">
                  <span className="k-rev-title">
                    <small>{o.symbol}</small>
                    <b>{o.name}</b>
                  </span>
                  <span className="k-num">
                    {formatMoney(o.price, 'jpy')}
                    <MarketModeLabel market="jpy" />
                  </span>
                  <button
                    type="button"
                    className="k-btn k-btn-primary"
                    data-testid="after-market-buy"
                    onClick={() => order(o, 1)}
                  >
                    {t('buy')}
                  </button>
                  <button type="button" className="k-btn" onClick={() => order(o, 2)}>
                    {t('sell')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Refreshable>
      )}
    </>
  );
}
