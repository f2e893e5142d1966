import '../position.css';
import type { Language } from '@kabuto/contract';
import { formatUnits, parseUnits } from '@kabuto/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Figure } from '../../../components/figure.tsx';
import { MarginSummary } from '../../../components/margin-summary.tsx';
import { MarketSwitcher } from '../../../components/market-switcher.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { SegTabs } from '../../../components/seg-tabs.tsx';
import { TotalAssets } from '../../../components/total-assets.tsx';
import { useAssetsSummary } from '../../../lib/api/use-assets-summary.ts';
import { useFollowOrders } from '../../../lib/api/use-follow-orders.ts';
import { marginAccountQuery } from '../../../lib/api/use-margin.ts';
import { recordsQuery } from '../../../lib/api/use-new-share-records.ts';
import { useUserInfo } from '../../../lib/api/use-user-info.ts';
import { formatMoney } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useMarket } from '../../../lib/market-choice.ts';
import { trendClass } from '../../../lib/quote-format.ts';
import { useLiveTicks } from '../../../lib/quote-stream.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { assetSummary } from '../../../lib/wallets.ts';
import { STATUS, useClosedPositions, useExitOrders, useOpenPositions, withTick } from '../api/positions.ts';
import { FollowTab } from '../components/follow-tab.tsx';
import { HoldingTab } from '../components/holding-tab.tsx';
import { NewSharesTab } from '../components/new-shares-tab.tsx';
import { OrdersTab } from '../components/orders-tab.tsx';
import { SoldTab } from '../components/sold-tab.tsx';

const TABS = ['holding', 'orders', 'sold', 'newShare', 'follow'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: unknown): v is Tab => typeof v === 'string' && (TABS as readonly string[]).includes(v);

/** `/position/index?tab=`: asset summary, then holdings, closed positions, new shares and follow orders. */
export function PositionPage() {
  const { t } = useTranslator('position');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'holding';
  const market = useMarket();
  const user = useUserInfo({ fresh: true });
  // the one total assets of every screen (TotalAssets reads the same query)
  const assets = useAssetsSummary();
  const open = useOpenPositions(market);
  const closed = useClosedPositions(market, tab === 'sold' || tab === 'orders');
  const newShares = useQuery({
    ...recordsQuery(market, currentLanguage() as Language),
    enabled: tab === 'newShare',
  });
  const exits = useExitOrders(market, tab === 'orders');
  const follows = useFollowOrders(market, currentLanguage() as Language, tab === 'follow');

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
  const failed = (q: { isError: boolean; data?: unknown }) => q.isError && !q.data;

  const body: Record<Tab, () => ReactNode> = {
    holding: () => (
      <HoldingTab
        market={market}
        rows={liveRows}
        pending={open.isPending}
        failed={failed(open)}
        onRetry={() => void open.refetch()}
        onOpen={detail}
      />
    ),
    orders: () => (
      <OrdersTab
        market={market}
        rows={orderRows}
        pending={open.isPending || closed.isPending}
        failed={failed(open) || failed(closed)}
        onRetry={() => void Promise.all([open.refetch(), closed.refetch()])}
        onOpen={detail}
        exits={exits.data}
      />
    ),
    sold: () => (
      <SoldTab
        market={market}
        rows={closedRows.filter((r) => r.status === STATUS.closed)}
        realised={closed.data?.summary.realised}
        pending={closed.isPending}
        failed={failed(closed)}
        onRetry={() => void closed.refetch()}
        onOpen={detail}
      />
    ),
    newShare: () => (
      <NewSharesTab
        market={market}
        rows={newShares.data ?? []}
        pending={newShares.isPending}
        failed={failed(newShares)}
        onRetry={() => void newShares.refetch()}
      />
    ),
    follow: () => (
      <FollowTab
        market={market}
        rows={follows.data ?? []}
        pending={follows.isPending}
        failed={failed(follows)}
        onRetry={() => void follows.refetch()}
      />
    ),
  };

  return (
    <>
      <PageHeader title={t('title')} back={false} />
      <Refreshable
        onRefresh={() =>
          Promise.all([
            open.refetch(),
            user.refetch(),
            assets.refetch(),
            queryClient.invalidateQueries({ queryKey: marginAccountQuery().queryKey }),
            tab === 'sold' || tab === 'orders' ? closed.refetch() : null,
            tab === 'orders' ? exits.refetch() : null,
            tab === 'newShare' ? newShares.refetch() : null,
            tab === 'follow' ? follows.refetch() : null,
          ])
        }
      >
        <div className="k-pos-band">
          <MarketSwitcher />
          <section className="k-pos-summary" data-testid="position-summary">
            <TotalAssets tone="dark" testid="position-total" />
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
        <div className="k-body">
          {tab === 'holding' && <MarginSummary currency={market} />}
          {body[tab]()}
        </div>
      </Refreshable>
    </>
  );
}
