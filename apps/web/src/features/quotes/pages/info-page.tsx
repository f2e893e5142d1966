import '../quotes.css';
import type { Board } from '@kabuto/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DataModeLabel } from '../../../components/data-mode.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Figure } from '../../../components/figure.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SegTabs } from '../../../components/seg-tabs.tsx';
import { decimalText, formatCompact, formatCompactIn, formatPriceIn } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import {
  formatPercent,
  formatPrice,
  formatSigned,
  priceDecimals,
  trendClass,
} from '../../../lib/quote-format.ts';
import { useLiveTicks } from '../../../lib/quote-stream.ts';
import { useSession } from '../../../lib/session.ts';
import { useAfterPaint } from '../../../lib/use-after-paint.ts';
import { useBackCloses } from '../../../lib/use-back-closes.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { whenIdle } from '../../../lib/when-idle.ts';
import { ADJUSTMENTS, type Adjustment, type KlinePeriod, klineQuery, PERIODS } from '../api/use-kline.ts';
import { useStockDetails } from '../api/use-stock-details.ts';
import { useWatchlist, useWatchlistEdit } from '../api/use-watchlist.ts';
import {
  MAIN_INDICATORS,
  type MainIndicator,
  SUB_INDICATORS,
  type SubIndicator,
} from '../components/chart-options.ts';
import type { Direction } from '../components/order-sheet.tsx';
import { stockTarget } from '../stock-target.ts';

/** Loaded with the page, for the route's opening (app/routes.ts). */
export { primeStockOpening } from '../opening-queries.ts';

/** The longest the order sheet's code waits for an idle moment after the chart has been asked for. */
const ORDER_SHEET_IDLE_MS = 2000;

/** The price's `elementtiming`: the chart and the order sheet load once it is on screen. */
const PRICE_TIMING = 'stock-price';

// The charts are chunks of their own, loaded once the figures have painted: the intraday chart (drawn
// by the app, with the exchanges' calendars its session axis reads) first; the chart library of the
// candle tabs when one of them is first chosen.
const IntradayChart = lazy(async () => ({
  default: (await import('../components/intraday-chart.tsx')).IntradayChart,
}));
const KlineChart = lazy(async () => ({
  default: (await import('../components/kline-chart.tsx')).KlineChart,
}));
// so is the order sheet (and the component library's popup and dialog it opens): fetched after the
// figures have painted, rendered from the first tap on buy or sell
const loadOrderSheet = () => import('../components/order-sheet.tsx');
const OrderSheet = lazy(async () => ({ default: (await loadOrderSheet()).OrderSheet }));

/** `/quotes/info?symbol=&type=`: figures of the day, the chart, watchlist and the order panel. */
export function InfoPage() {
  const { t } = useTranslator('quotes');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { symbol, market } = stockTarget(params);
  const isIndex = params.get('kind') === 'index';
  const lang = currentLanguage();
  const loggedIn = useSession((s) => Boolean(s.token));

  const details = useStockDetails(symbol, market);
  const tick = useLiveTicks(symbol ? [symbol] : []).get(symbol);
  const watch = useWatchlist(market);
  const { add, remove } = useWatchlistEdit(market);
  const watched = Boolean(watch.data?.some((q) => q.symbol === symbol));

  const [period, setPeriod] = useState<KlinePeriod>('1');
  const [adjust, setAdjust] = useState<Adjustment>('none');
  const [main, setMain] = useState<readonly MainIndicator[]>(['MA']);
  const [sub, setSub] = useState<SubIndicator>('VOL');
  const [sheet, setSheet] = useState<Direction | null>(null);
  const [direction, setDirection] = useState<Direction>(1);
  const chartReady = useAfterPaint(!details.isPending, PRICE_TIMING);
  const [sheetUsed, setSheetUsed] = useState(false);
  // Back with the sheet open closes the sheet, not the stock page
  useBackCloses(sheet !== null, () => setSheet(null));
  // the order sheet's code once the chart has had its turn (it is drawn only on a tap)
  useEffect(() => {
    if (chartReady) return whenIdle(() => void loadOrderSheet().catch(() => {}), ORDER_SHEET_IDLE_MS);
  }, [chartReady]);
  // the chart's bars are fetched alongside its code, not once the code has loaded and rendered
  useEffect(() => {
    if (chartReady && symbol) void queryClient.prefetchQuery(klineQuery(symbol, market, period, adjust));
  }, [chartReady, symbol, market, period, adjust]);

  const d = details.data;
  const index = isIndex || d?.board === 'index' || d?.lot === 0;
  const decimals = index ? 2 : priceDecimals(market, d?.tick);
  const price = tick?.price ?? d?.price;
  const gain = tick?.gain ?? d?.gain;
  const gainValue = tick?.gainValue ?? d?.gainValue;
  const high = tick?.high ?? d?.high;
  const low = tick?.low ?? d?.low;
  const volume = tick?.volume ?? d?.volume;
  const cls = trendClass(gainValue);
  // a stock's figures carry its market's currency ($189.25, 2,845.5円); an index is in points
  const money = (value: Parameters<typeof formatPrice>[0]) =>
    index ? formatPrice(value, decimals) : formatPriceIn(value, market, decimals);
  const amount = (value: Parameters<typeof formatPrice>[0]) =>
    index ? formatCompact(value, lang) : formatCompactIn(value, market, lang);

  const toggleMain = (name: MainIndicator) =>
    setMain((m) => (m.includes(name) ? m.filter((x) => x !== name) : [...m, name]));

  const openSheet = (dir: Direction) => {
    setDirection(dir);
    setSheet(dir);
    setSheetUsed(true);
  };

  const title = d ? d.name : symbol;

  if (!symbol) {
    return (
      <>
        <PageHeader title={t('info.title')} />
        <ErrorState text={t('info.missing')} />
      </>
    );
  }

  return (
    <>
      <PageHeader title={title} back="/home/index" />
      {details.isPending ? (
        <ListSkeleton rows={3} lines={3} />
      ) : details.isError && !d ? (
        <ErrorState onRetry={() => void details.refetch()} />
      ) : d ? (
        <div className={`k-info${index ? '' : ' has-actions'}`}>
          <section className="k-info-top">
            <div className="k-info-id">
              <span className="k-info-code">{d.symbol}</span>
              {t(`board.${d.board}`, { defaultValue: '' }) && (
                <span className="k-info-board">{t(`board.${d.board}`)}</span>
              )}
              <span className={`k-session is-${d.session}`} data-testid="session-state">
                {t(`session.${d.session}`)}
              </span>
              <DataModeLabel mode={d.mode} delayMinutes={d.delayMinutes} stale={d.stale} />
            </div>
            <div className={`k-info-price ${cls}`}>
              <strong data-testid="info-price" {...{ elementtiming: PRICE_TIMING }}>
                {money(price)}
              </strong>
              <span>
                {formatSigned(gainValue, decimals)}
                <em>{formatPercent(gain)}</em>
              </span>
            </div>
            <dl className="k-figures">
              <Figure label={t('fig.open')}>{money(d.open)}</Figure>
              <Figure label={t('fig.high')} className="k-trend-up">
                {money(high)}
              </Figure>
              <Figure label={t('fig.low')} className="k-trend-down">
                {money(low)}
              </Figure>
              <Figure label={t('fig.preClose')}>{money(d.preClose)}</Figure>
              <Figure label={t('fig.volume')}>{formatCompact(volume, lang)}</Figure>
              <Figure label={t('fig.turnover')}>{amount(d.turnover)}</Figure>
              {!index && <Figure label={t('fig.marketCap')}>{amount(d.marketCap)}</Figure>}
              {!index && d.limitUp && (
                <Figure label={t('fig.limitUp')} className="k-trend-up">
                  {money(d.limitUp)}
                </Figure>
              )}
              {!index && d.limitDown && (
                <Figure label={t('fig.limitDown')} className="k-trend-down">
                  {money(d.limitDown)}
                </Figure>
              )}
            </dl>
          </section>

          <section className="k-info-chart">
            <SegTabs
              tabs={PERIODS.map((p) => ({ key: p, label: t(`period.${p}`) }))}
              active={period}
              onChange={setPeriod}
              testId="period"
              className="is-dense"
            />
            <div className="k-chart-tools">
              {/* the intraday chart draws its average price, not moving averages */}
              {period !== '1' && (
                <fieldset className="k-tool-group" aria-label={t('chart.main')}>
                  {MAIN_INDICATORS.map((name) => (
                    <button
                      key={name}
                      type="button"
                      className={main.includes(name) ? 'is-active' : ''}
                      aria-pressed={main.includes(name)}
                      onClick={() => toggleMain(name)}
                      data-testid={`ind-${name}`}
                    >
                      {name}
                    </button>
                  ))}
                </fieldset>
              )}
              <fieldset className="k-tool-group" aria-label={t('chart.adjust')}>
                {ADJUSTMENTS.map((a) => (
                  <button
                    key={a}
                    type="button"
                    className={adjust === a ? 'is-active' : ''}
                    aria-pressed={adjust === a}
                    onClick={() => setAdjust(a)}
                    data-testid={`adjust-${a}`}
                  >
                    {t(`adjust.${a}`)}
                  </button>
                ))}
              </fieldset>
            </div>
            {!chartReady ? (
              <ChartLoading />
            ) : period === '1' ? (
              <Suspense fallback={<ChartLoading />}>
                <IntradayChart
                  key={`${market}:${symbol}`}
                  symbol={symbol}
                  market={market}
                  adjust={adjust}
                  sub={sub}
                  pricePrecision={decimals}
                  preClose={d.preClose}
                  tick={tick}
                />
              </Suspense>
            ) : (
              <Suspense fallback={<ChartLoading />}>
                <KlineChart
                  key={`${market}:${symbol}`}
                  symbol={symbol}
                  market={market}
                  period={period}
                  adjust={adjust}
                  main={main}
                  sub={sub}
                  pricePrecision={decimals}
                  tick={tick}
                />
              </Suspense>
            )}
            <div className="k-chart-tools is-sub">
              <fieldset className="k-tool-group" aria-label={t('chart.sub')}>
                {SUB_INDICATORS.map((name) => (
                  <button
                    key={name}
                    type="button"
                    className={sub === name ? 'is-active' : ''}
                    aria-pressed={sub === name}
                    onClick={() => setSub(name)}
                    data-testid={`ind-${name}`}
                  >
                    {name}
                  </button>
                ))}
              </fieldset>
            </div>
          </section>

          {!index && (
            <nav className="k-trade-bar" aria-label={t('order.title')}>
              <button
                type="button"
                className={`k-trade-watch${watched ? ' is-on' : ''}`}
                disabled={!loggedIn || add.isPending || remove.isPending}
                onClick={() => (watched ? remove.mutate([symbol]) : add.mutate(symbol))}
                aria-pressed={watched}
                data-testid="watch-toggle"
              >
                <Icon name="star" size={22} fill={watched ? 'currentColor' : 'none'} />
                <span>{watched ? t('info.watching') : t('info.watch')}</span>
              </button>
              <button type="button" className="k-trade-pos" onClick={() => navigate('/position/index')}>
                <Icon name="pie" size={22} />
                <span>{t('info.positions')}</span>
              </button>
              <button
                type="button"
                className="k-trade-btn is-long"
                onClick={() => openSheet(1)}
                data-testid="buy-long"
              >
                {t('order.long')}
              </button>
              <button
                type="button"
                className="k-trade-btn is-short"
                onClick={() => openSheet(2)}
                data-testid="buy-short"
              >
                {t('order.short')}
              </button>
            </nav>
          )}

          {!index && sheetUsed && (
            <Suspense fallback={null}>
              <OrderSheet
                visible={sheet !== null}
                onClose={() => setSheet(null)}
                direction={direction}
                onDirection={setDirection}
                target={{
                  symbol: d.symbol,
                  name: d.name,
                  market,
                  spec: { market, board: d.board as Board, tickTable: d.tickTable },
                  tradingDay: d.tradingDay,
                  price: decimalText(price ?? d.price),
                  tick: decimalText(d.tick),
                  limitUp: d.limitUp === null ? null : decimalText(d.limitUp),
                  limitDown: d.limitDown === null ? null : decimalText(d.limitDown),
                  minQty: Math.max(1, d.minQty),
                  decimals,
                  dataMode: { mode: d.mode, delayMinutes: d.delayMinutes, stale: d.stale },
                  now: d.time * 1000,
                }}
              />
            </Suspense>
          )}
        </div>
      ) : null}
    </>
  );
}

/** The chart's place while its code loads. */
function ChartLoading() {
  const { t } = useTranslator('quotes');
  return (
    <div className="k-chart-wrap">
      <div className="k-chart-overlay">{t('shell:states.loading')}</div>
    </div>
  );
}
