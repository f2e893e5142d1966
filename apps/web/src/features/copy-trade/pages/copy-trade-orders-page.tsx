import '../../../components/money.css';
import '../copy-trade.css';
import type { Language } from '@kabuto/contract';
import Dialog from 'antd-mobile/es/components/dialog';
import { useNavigate } from 'react-router';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Figure } from '../../../components/figure.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { MarketSwitcher } from '../../../components/market-switcher.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { FOLLOW_STATUS, useFollowOrders } from '../../../lib/api/use-follow-orders.ts';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useMarket } from '../../../lib/market-choice.ts';
import { showMsg } from '../../../lib/messages.ts';
import { trendClass } from '../../../lib/quote-format.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useRedeem } from '../api/use-follow.ts';

/** `/mine/followOrder`: my copy-trade orders (following, locked, ended) with redeem after the lock-in. */
export function CopyTradeOrdersPage() {
  const { t } = useTranslator('copyTrade');
  const navigate = useNavigate();
  const market = useMarket();
  const orders = useFollowOrders(market, currentLanguage() as Language);
  const redeem = useRedeem();
  const rows = orders.data ?? [];

  const ask = (id: string, name: string, stake: string) =>
    Dialog.confirm({
      title: t('redeemTitle'),
      content: t('redeemConfirm', { name, amount: formatMoney(stake, market) }),
      confirmText: t('redeem'),
      cancelText: t('common:actions.cancel'),
      onConfirm: async () => {
        try {
          const { code } = await redeem.mutateAsync({ orderId: id, market });
          showMsg(code ?? 'ok.redeemed');
        } catch {
          // the refusal is already shown
        }
      },
    });

  return (
    <>
      <PageHeader title={t('myOrders')} back="/home/follow" />
      <Refreshable onRefresh={() => orders.refetch()}>
        <div className="k-body">
          <MarketSwitcher />
          {orders.isPending ? (
            <ListSkeleton rows={3} lines={4} />
          ) : orders.isError && !orders.data ? (
            <ErrorState onRetry={() => void orders.refetch()} />
          ) : rows.length === 0 ? (
            <Empty text={t('noOrders')} />
          ) : (
            <ul className="k-rev-list" data-testid="follow-orders">
              {rows.map((o) => (
                <li key={o.id} className="k-rev" data-testid="follow-order">
                  <div className="k-rev-head">
                    <button
                      type="button"
                      className="k-ct-row"
                      style={{ padding: 0, background: 'none' }}
                      onClick={() => navigate(`/home/follow?id=${o.productId}&market=${market}`)}
                    >
                      <span className="k-rev-title">
                        <small>{o.issuer}</small>
                        <b>{o.name}</b>
                      </span>
                    </button>
                    <span className={`k-ct-chip is-${o.status}`} data-testid="follow-status">
                      {t(`status.${o.status}`)}
                    </span>
                  </div>
                  <dl className="k-rev-lines">
                    <Figure label={t('invested')} className="k-num">
                      {formatMoney(o.invested, market)}
                    </Figure>
                    <Figure label={t('stake')} className="k-num" testid="follow-stake">
                      {formatMoney(o.stake, market)}
                    </Figure>
                    <Figure label={t('lastDay')} className={`k-num ${trendClass(o.lastDayProfit)}`}>
                      {formatMoney(o.lastDayProfit, market)}
                    </Figure>
                    <Figure
                      label={t('totalProfit')}
                      className={`k-num ${trendClass(o.profit)}`}
                      testid="follow-profit"
                    >
                      {formatMoney(o.profit, market)}
                    </Figure>
                    <Figure label={t('targetDaily')} className="k-num">
                      {o.targetPercent.toFixed(2)}%
                    </Figure>
                    <Figure label={t('entryNav')} className="k-num">
                      {o.entryNav.toFixed(4)}
                    </Figure>
                    <Figure label={t('buyTime')}>{formatDateTime(o.boughtAt)}</Figure>
                    <Figure label={t('lockUntil')}>{formatDateTime(o.lockUntil)}</Figure>
                    <Figure label={t('productEnd')}>{formatDate(o.productEnd)}</Figure>
                    <Figure label={t('orderNo')} className="k-num">
                      {o.orderNo}
                    </Figure>
                  </dl>
                  {o.status === FOLLOW_STATUS.following && (
                    <button
                      type="button"
                      className="k-btn k-btn-primary k-btn-block"
                      disabled={redeem.isPending}
                      onClick={() => ask(o.id, o.name, o.stake)}
                      data-testid="follow-redeem"
                    >
                      {t('redeem')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </Refreshable>
    </>
  );
}
