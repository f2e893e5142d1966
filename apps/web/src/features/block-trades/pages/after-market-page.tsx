import { formatUnits, type Market, parseUnits } from '@kabuto/domain';
import '../../../components/money.css';
import '../block-trades.css';
import Dialog from 'antd-mobile/es/components/dialog';
import { useState } from 'react';
import { MarketModeLabel } from '../../../components/data-mode.tsx';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Figure } from '../../../components/figure.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { SharesInput } from '../../../components/typed-inputs.tsx';
import { formatMarketDateTime, formatMoney } from '../../../lib/format.ts';
import { showMsg } from '../../../lib/messages.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useAfterMarketBuy } from '../api/use-block-orders.ts';
import { type Offering, useOfferings } from '../api/use-offerings.ts';

/** The order's shares (from the minimum up, as typed) and what they come to at the closing price. */
function AfterMarketQuantity({ o, onShares }: { o: Offering; onShares: (shares: string) => void }) {
  const { t } = useTranslator('block');
  const [shares, setShares] = useState(String(o.minimum));
  const price = parseUnits(o.price);
  const amount = price !== null && /^\d+$/.test(shares) ? formatUnits(price * BigInt(shares)) : '';
  return (
    <dl className="k-kv k-confirm-kv">
      <Figure label={o.name} className="k-num">
        {formatMoney(o.price, 'jpy')}
      </Figure>
      <div className="k-am-shares">
        <dt>{t('shares')}</dt>
        <dd>
          <SharesInput
            value={shares}
            onChange={(v) => {
              setShares(v);
              onShares(v);
            }}
            label={t('shares')}
            name="shares"
            testid="after-market-shares"
          />
        </dd>
      </div>
      <Figure label={t('amount')} className="k-num" testid="after-market-amount">
        {amount ? formatMoney(amount, 'jpy') : '--'}
      </Figure>
    </dl>
  );
}

/** `/home/large2`: after-market trading, at the day's closing price inside the after-market window. */
export function AfterMarketPage() {
  const { t } = useTranslator('block');
  const list = useOfferings('jpy', 'afterMarket');
  const buy = useAfterMarketBuy();
  const rows = list.data ?? [];
  const first = rows[0];
  const now = Date.now() / 1000;
  // the server's clock says whether the window is open (the device's may differ)
  const open = first !== undefined && (first.windowOpen ?? (first.start <= now && now < first.end));

  const order = (o: Offering, direction: 1 | 2) => {
    if (buy.isPending) return;
    let shares = String(o.minimum);
    Dialog.confirm({
      title: direction === 1 ? t('buyAtClose') : t('sellAtClose'),
      content: <AfterMarketQuantity o={o} onShares={(v) => (shares = v)} />,
      confirmText: t('confirm'),
      cancelText: t('common:actions.cancel'),
      onConfirm: async () => {
        // refused as typed (the line under the field said why): nothing is sent
        if (!shares) return showMsg('validation.required');
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
          {open
            ? `${t('windowOpen')} ${formatMarketDateTime(first.start, first.market as Market)} – ${formatMarketDateTime(first.end, first.market as Market)}`
            : t('windowClosedHours', { hours: first.hours.replace('-', '–') })}
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
                  <span className="k-num k-block-am-price">
                    {formatMoney(o.price, 'jpy')}
                    <MarketModeLabel market="jpy" />
                  </span>
                  <span className="k-block-am-actions">
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
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Refreshable>
      )}
    </>
  );
}
