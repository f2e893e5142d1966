import '../../../components/money.css';
import '../copy-trade.css';
import type { Language } from '@kabuto/contract';
import { isMarket, type Market } from '@kabuto/domain';
import { useNavigate, useSearchParams } from 'react-router';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Figure } from '../../../components/figure.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { MarketSwitcher } from '../../../components/market-switcher.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useMarket } from '../../../lib/market-choice.ts';
import { trendClass } from '../../../lib/quote-format.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useProducts } from '../api/use-products.ts';
import { ProductDetailView } from '../components/product-detail.tsx';

/** `/home/follow`: the copy-trade products; `/home/follow?id=&market=`: one product's detail and follow form. */
export function CopyTradePage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const m = params.get('market');
  if (id) return <ProductDetailView id={id} market={m && isMarket(m) ? m : 'jpy'} />;
  return <ProductList />;
}

function ProductList() {
  const { t } = useTranslator('copyTrade');
  const navigate = useNavigate();
  const market: Market = useMarket();
  const products = useProducts(market, currentLanguage() as Language);
  const rows = products.data ?? [];
  return (
    <>
      <PageHeader
        title={t('title')}
        action={{ icon: 'order', to: '/mine/followOrder', label: t('myOrders') }}
      />
      <Refreshable onRefresh={() => products.refetch()}>
        <div className="k-body">
          <MarketSwitcher />
          {products.isPending ? (
            <ListSkeleton rows={3} lines={3} />
          ) : products.isError && !products.data ? (
            <ErrorState onRetry={() => void products.refetch()} />
          ) : rows.length === 0 ? (
            <Empty text={t('empty')} />
          ) : (
            <ul className="k-ct-list" data-testid="products">
              {rows.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className="k-ct-row"
                    onClick={() => navigate(`/home/follow?id=${p.id}&market=${p.market}`)}
                    data-testid="product-row"
                  >
                    <div className="k-ct-head">
                      <b>{p.name}</b>
                      <span className={`k-num ${trendClass(p.navChangePercent)}`}>
                        {p.navChangePercent > 0 ? '+' : ''}
                        {p.navChangePercent.toFixed(2)}%
                      </span>
                    </div>
                    <div className="k-ct-issuer">{t('issuer', { name: p.issuer })}</div>
                    <dl className="k-ct-figures">
                      <Figure label={t('nav')} testid="product-nav">
                        {p.nav.toFixed(4)}
                      </Figure>
                      <Figure label={t('targetDaily')}>{p.targetPercent.toFixed(2)}%</Figure>
                      <Figure label={t('sinceInception')} className={trendClass(p.navTotalPercent)}>
                        {p.navTotalPercent.toFixed(2)}%
                      </Figure>
                      <Figure label={t('minimum')}>{formatMoney(p.minimum, market)}</Figure>
                      <Figure label={t('lockIn')}>{t('days', { count: p.lockDays })}</Figure>
                      <Figure label={t('deadline')}>{formatDate(p.deadline)}</Figure>
                    </dl>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <p className="k-ct-note">{t('targetNote')}</p>
        </div>
      </Refreshable>
    </>
  );
}
