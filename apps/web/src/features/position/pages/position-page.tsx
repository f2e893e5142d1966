import '../position.css';
import type { Language } from '@kabuto/contract';
import { formatUnits, parseUnits } from '@kabuto/domain';
import { useQuery } from '@tanstack/react-query';
import Dialog from 'antd-mobile/es/components/dialog';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Figure } from '../../../components/figure.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { MarketSwitcher } from '../../../components/market-switcher.tsx';
import { NewShareStateChip as StateChip } from '../../../components/new-share-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { SegTabs } from '../../../components/seg-tabs.tsx';
import { useFollowOrders } from '../../../lib/api/use-follow-orders.ts';
import { recordsQuery } from '../../../lib/api/use-new-share-records.ts';
import { useUserInfo } from '../../../lib/api/use-user-info.ts';
import { formatMoney } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useMarket } from '../../../lib/market-choice.ts';
import { trendClass } from '../../../lib/quote-format.ts';
import { useLiveTicks } from '../../../lib/quote-stream.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { assetSummary } from '../../../lib/wallets.ts';
import {
  STATUS,
  useClosedPositions,
  useOpenPositions,
  usePositionActions,
  withTick,
} from '../api/positions.ts';
import { OrderCard } from '../components/order-card.tsx';
import { PositionCard } from '../components/position-card.tsx';

const TABS = ['holding', 'orders', 'sold', 'newShare', 'follow'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: unknown): v is Tab => typeof v === 'string' && (TABS as readonly string[]).includes(v);

/** `/position/index?tab=`: asset summary, then holdings, closed positions, new shares and follow orders. */
export function PositionPage() {
  const { t } = useTranslator('position');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'holding';
  const market = useMarket();
  const user = useUserInfo({ fresh: true });
  const open = useOpenPositions(market);
  const closed = useClosedPositions(market, tab === 'sold' || tab === 'orders');
  const newShares = useQuery({
    ...recordsQuery(market, currentLanguage() as Language),
    enabled: tab === 'newShare',
  });
  const follows = useFollowOrders(market, currentLanguage() as Language, tab === 'follow');
  const { close, cancelOrder } = usePositionActions(market);
  const [busyId, setBusyId] = useState<string | null>(null);

  const openRows = open.data?.rows ?? [];
  const ticks = useLiveTicks(openRows.filter((r) => r.status === STATUS.holding).map((r) => r.code));
  const liveRows = openRows
    .filter((r) => r.status !== STATUS.pending)
    .map((r) => withTick(r, ticks.get(r.code)));
  const closedRows = closed.data?.rows ?? [];
  // pending first, then the ended ones; newest first in each
  const orderRows = [
    ...openRows.filter((r) => r.status === STATUS.pending),
    ...closedRows.filter((r) => r.status === STATUS.cancelled),
  ].sort(
    (a, b) =>
      Number(b.status === STATUS.pending) - Number(a.status === STATUS.pending) ||
      (b.sellTime ?? b.buyTime) - (a.sellTime ?? a.buyTime),
  );
  const livePnl = liveRows
    .filter((r) => r.status === STATUS.holding)
    .reduce((sum, r) => sum + (parseUnits(r.profit) ?? 0n), 0n);
  const liveValue = liveRows
    .filter((r) => r.status === STATUS.holding)
    .reduce(
      (sum, r) => sum + (parseUnits(r.price) ?? 0n) * BigInt(/^\d+$/.test(r.quantity) ? r.quantity : '0'),
      0n,
    );
  const summary = assetSummary(user.data, market);
  const pnl = open.data ? formatUnits(livePnl) : undefined;

  const detail = (id: string) => navigate(`/position/info?id=${encodeURIComponent(id)}&type=${market}`);

  const onClose = async (id: string, name: string) => {
    const ok = await Dialog.confirm({
      title: t('closeTitle'),
      content: t('closeConfirm', { name }),
      confirmText: t('close'),
      cancelText: t('common:actions.cancel'),
    });
    if (!ok) return;
    setBusyId(id);
    await close.mutateAsync(id).catch(() => {});
    setBusyId(null);
  };
  const onCancel = async (id: string, name: string) => {
    const ok = await Dialog.confirm({
      title: t('cancelTitle'),
      content: t('cancelConfirm', { name }),
      confirmText: t('cancel'),
      cancelText: t('common:actions.back'),
    });
    if (!ok) return;
    setBusyId(id);
    await cancelOrder.mutateAsync(id).catch(() => {});
    setBusyId(null);
  };

  let body: ReactNode;
  if (tab === 'holding') {
    if (open.isPending) body = <ListSkeleton rows={3} lines={3} />;
    else if (open.isError && !open.data) body = <ErrorState onRetry={() => void open.refetch()} />;
    else if (liveRows.length === 0) body = <Empty text={t('emptyHolding')} />;
    else
      body = (
        <ul className="k-pos-list">
          {liveRows.map((r) => (
            <PositionCard
              key={r.id}
              row={r}
              market={market}
              busy={busyId === r.id}
              onOpen={() => detail(r.id)}
              onClose={r.status === STATUS.holding ? () => void onClose(r.id, r.name) : undefined}
            />
          ))}
        </ul>
      );
  } else if (tab === 'orders') {
    if (open.isPending || closed.isPending) body = <ListSkeleton rows={3} lines={3} />;
    else if ((open.isError && !open.data) || (closed.isError && !closed.data))
      body = <ErrorState onRetry={() => void Promise.all([open.refetch(), closed.refetch()])} />;
    else if (orderRows.length === 0) body = <Empty text={t('emptyOrders')} />;
    else
      body = (
        <ul className="k-pos-list" data-testid="order-list">
          {orderRows.map((r) => (
            <OrderCard
              key={r.id}
              row={r}
              market={market}
              busy={busyId === r.id}
              onOpen={() => detail(r.id)}
              onCancel={r.status === STATUS.pending ? () => void onCancel(r.id, r.name) : undefined}
            />
          ))}
        </ul>
      );
  } else if (tab === 'sold') {
    const rows = closedRows.filter((r) => r.status === STATUS.closed);
    if (closed.isPending) body = <ListSkeleton rows={3} lines={3} />;
    else if (closed.isError && !closed.data) body = <ErrorState onRetry={() => void closed.refetch()} />;
    else if (rows.length === 0) body = <Empty text={t('emptySold')} />;
    else
      body = (
        <>
          <div className="k-pos-realised" data-testid="sold-total">
            <span>{t('realisedTotal')}</span>
            <b className={trendClass(closed.data?.summary.realised)}>
              {formatMoney(closed.data?.summary.realised ?? '0', market)}
            </b>
          </div>
          <ul className="k-pos-list">
            {rows.map((r) => (
              <PositionCard key={r.id} row={r} market={market} onOpen={() => detail(r.id)} />
            ))}
          </ul>
        </>
      );
  } else if (tab === 'newShare') {
    const rows = newShares.data ?? [];
    if (newShares.isPending) body = <ListSkeleton rows={3} lines={3} />;
    else if (newShares.isError && !newShares.data)
      body = <ErrorState onRetry={() => void newShares.refetch()} />;
    else if (rows.length === 0) body = <Empty text={t('emptyNewShare')} />;
    else
      body = (
        <ul className="k-pos-list" data-testid="pos-new-shares">
          {rows.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                className="k-pos-ipo"
                onClick={() => navigate(`/mine/newShareOrder?stockIndex=${market}`)}
                data-testid="pos-new-share"
              >
                <span>
                  <b>{r.name}</b> <small>{r.code}</small>
                </span>
                <span className="k-num">
                  {r.allotted > 0 ? r.allotted : r.shares} {t('shares')}
                </span>
                <StateChip stateKey={r.stateKey} />
              </button>
            </li>
          ))}
        </ul>
      );
  } else {
    const rows = follows.data ?? [];
    if (follows.isPending) body = <ListSkeleton rows={3} lines={3} />;
    else if (follows.isError && !follows.data) body = <ErrorState onRetry={() => void follows.refetch()} />;
    else if (rows.length === 0) body = <Empty text={t('emptyFollow')} />;
    else
      body = (
        <ul className="k-pos-list" data-testid="pos-follows">
          {rows.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                className="k-pos-ipo"
                onClick={() => navigate('/mine/followOrder')}
                data-testid="pos-follow"
              >
                <span>
                  <b>{r.name}</b> <small>{r.issuer}</small>
                </span>
                <span className="k-num">{formatMoney(r.stake, market)}</span>
                <span className={`k-num ${trendClass(r.profit)}`}>{formatMoney(r.profit, market)}</span>
                <span className="k-pos-follow-state">{t(`followStatus.${r.status}`)}</span>
              </button>
            </li>
          ))}
        </ul>
      );
  }

  return (
    <>
      <PageHeader title={t('title')} back={false} />
      <Refreshable
        onRefresh={() =>
          Promise.all([
            open.refetch(),
            user.refetch(),
            tab === 'sold' || tab === 'orders' ? closed.refetch() : null,
            tab === 'newShare' ? newShares.refetch() : null,
            tab === 'follow' ? follows.refetch() : null,
          ])
        }
      >
        <div className="k-pos-band">
          <MarketSwitcher />
          <section className="k-pos-summary" data-testid="position-summary">
            <div className="k-pos-total">
              <span>{t('sum.total')}</span>
              <strong>{user.data ? formatMoney(summary.total, market) : '--'}</strong>
            </div>
            <dl>
              <Figure label={t('sum.pnl')} className={trendClass(pnl)} testid="summary-pnl">
                {pnl === undefined ? '--' : formatMoney(pnl, market)}
              </Figure>
              <Figure label={t('sum.value')}>
                {open.data ? formatMoney(formatUnits(liveValue), market) : '--'}
              </Figure>
              <Figure label={t('sum.available')} testid="summary-available">
                {user.data ? formatMoney(summary.available, market) : '--'}
              </Figure>
              <Figure label={t('sum.frozen')}>
                {user.data ? formatMoney(summary.frozen, market) : '--'}
              </Figure>
            </dl>
          </section>
        </div>
        <SegTabs
          tabs={TABS.map((k) => ({ key: k, label: t(`tabs.${k}`) }))}
          active={tab}
          onChange={(k) => setParams({ tab: k }, { replace: true })}
          testId="pos-tab"
          className="k-pos-tabs"
        />
        <div className="k-body">{body}</div>
      </Refreshable>
    </>
  );
}
