import '../position.css';
import { isCashPosition, isMarket, type Market } from '@kabuto/domain';
import Dialog from 'antd-mobile/es/components/dialog';
import { useNavigate, useSearchParams } from 'react-router';
import { MarketModeLabel } from '../../../components/data-mode.tsx';
import { ErrorState, NotFoundState } from '../../../components/error-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useLendable, useLendingActions } from '../../../lib/api/stock-lending.ts';
import { errorKey } from '../../../lib/api.ts';
import { formatDateTime, formatMoney, formatPriceIn, formatSignedMoney } from '../../../lib/format.ts';
import { formatPercent, formatPrice, priceDecimals, trendClass } from '../../../lib/quote-format.ts';
import { useLiveTicks } from '../../../lib/quote-stream.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { STATUS, statusKey, usePosition, usePositionActions, withTick } from '../api/positions.ts';
import { ClosePanel } from '../components/close-panel.tsx';

/**
 * `/position/info?id=&type=`: every field of one position, its fees and times; a holding closes whole,
 * in part, or by an exit order (ClosePanel).
 */
export function PositionInfoPage() {
  // the lending section's words come from the lending texts
  const { t } = useTranslator(['position', 'lending']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const typeParam = params.get('type') ?? '';
  const market: Market = isMarket(typeParam) ? typeParam : 'jpy';
  const q = usePosition(id, market);
  const ticks = useLiveTicks(q.data && q.data.status === STATUS.holding ? [q.data.code] : []);
  const { close, cancelOrder } = usePositionActions(market);
  // stock lending: a fully paid long holding can be lent from here, and recalled
  const fullyPaid = q.data?.status === STATUS.holding && q.data.leverage === '1' && q.data.direction === 1;
  const lendable = useLendable(market, fullyPaid);
  const lending = useLendingActions(market);
  const loan = lendable.data?.find((r) => r.positionId === id);
  const d = priceDecimals(market);

  // no id, or not a position of the user's: say so (a skeleton would wait forever, a retry would not help)
  if (!id || (q.isError && errorKey(q.error) === 'trade.orderNotFound'))
    return (
      <>
        <PageHeader title={t('detail')} back="/position/index" />
        <NotFoundState testid="position-not-found" />
      </>
    );
  if (q.isPending)
    return (
      <>
        <PageHeader title={t('detail')} back="/position/index" />
        <ListSkeleton rows={4} lines={3} />
      </>
    );
  if (q.isError || !q.data)
    return (
      <>
        <PageHeader title={t('detail')} back="/position/index" />
        <ErrorState onRetry={() => void q.refetch()} />
      </>
    );

  const row = withTick(q.data, ticks.get(q.data.code));
  const money = (v: string) => formatMoney(v, market);
  const closedRow = row.status === STATUS.closed;
  const fields: [string, string, string?][] = [
    [t('field.orderNo'), row.orderNo],
    [t('field.direction'), row.direction === 1 ? t('dir.long') : t('dir.short')],
    [t('field.orderType'), row.orderType === 1 ? t('orderType.market') : t('orderType.limit')],
    [t('field.leverage'), `×${row.leverage}`],
    [t('field.qty'), Number(row.quantity).toLocaleString()],
    [t('field.buyPrice'), formatPrice(row.buyPrice, d)],
    [t('field.nowPrice'), formatPrice(row.price, d)],
    [t('field.sellPrice'), closedRow ? formatPrice(row.sellPrice, d) : '--'],
    [t('field.margin'), money(row.margin)],
    [
      closedRow ? t('field.realised') : t('field.pnl'),
      formatSignedMoney(row.profit, market),
      trendClass(row.profit),
    ],
    ...(row.dayTrade ? [[t('field.kind'), t('tag.dayTrade')] as [string, string]] : []),
    ...(row.closeReason === 'forced' ? [[t('field.closeReason'), t('tag.forced')] as [string, string]] : []),
    [t('field.gain'), formatPercent(row.gain), trendClass(row.gain)],
    [t('field.buyFee'), money(row.buyFee)],
    [t('field.sellFee'), money(row.sellFee)],
    // a US sale's SEC fee and FINRA TAF are kept where other markets keep their stamp duty
    [market === 'usd' ? t('field.regulatoryFee') : t('field.stampDuty'), money(row.stampDuty)],
    ...(!isCashPosition({ leverage: Number(row.leverage), direction: row.direction })
      ? [
          [t('field.financing'), money(row.financing)] as [string, string],
          [t('field.termEnd'), row.termEnd ? row.termEnd.replaceAll('-', '/') : '--'] as [string, string],
        ]
      : []),
    [t('field.buyTime'), formatDateTime(row.buyTime)],
    [t('field.sellTime'), row.sellTime ? formatDateTime(row.sellTime) : '--'],
  ];

  const confirmAnd = async (title: string, content: string, ok: string, run: () => Promise<unknown>) => {
    if (!(await Dialog.confirm({ title, content, confirmText: ok, cancelText: t('common:actions.back') })))
      return;
    await run().catch(() => {});
  };

  return (
    <>
      <PageHeader title={t('detail')} back="/position/index" />
      <div className="k-body" data-testid="position-detail">
        <section className="k-card k-pos-head">
          <div>
            <strong>{row.name}</strong>
            <button
              type="button"
              className="k-link"
              onClick={() => navigate(`/quotes/info?symbol=${encodeURIComponent(row.code)}&type=${market}`)}
            >
              {row.code}
            </button>
            <MarketModeLabel market={market} />
          </div>
          <span className={`k-pos-status is-${row.status}`}>{t(statusKey(row))}</span>
        </section>
        <section className="k-card">
          <dl className="k-pos-fields">
            {fields.map(([label, value, cls]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd className={cls}>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        {fullyPaid && loan && (
          <section className="k-card k-pos-lend" data-testid="position-lending">
            <div>
              <strong>{t('lending:fromPosition')}</strong>
              <span className={`k-pos-lent ${loan.lent ? 'is-lent' : ''}`} data-testid="position-lent">
                {loan.lent ? t('lending:state.lent') : t('lending:state.notLent')}
              </span>
            </div>
            <p>
              {t('lending:rate')} {t('lending:ratePa', { rate: loan.rate })}
            </p>
            <div className="k-pos-lend-actions">
              <button
                type="button"
                className="k-btn k-btn-ghost"
                onClick={() => navigate(`/mine/lending?tab=records`)}
                data-testid="position-lend-records"
              >
                {t('lending:records')}
              </button>
              {loan.lent ? (
                <button
                  type="button"
                  className="k-btn k-btn-ghost"
                  disabled={lending.recall.isPending}
                  onClick={() =>
                    void confirmAnd(
                      t('lending:recallTitle'),
                      t('lending:recallConfirm', { name: row.name }),
                      t('lending:recall'),
                      () => lending.recall.mutateAsync(loan.loanId),
                    )
                  }
                  data-testid="position-recall"
                >
                  {t('lending:recall')}
                </button>
              ) : (
                <button
                  type="button"
                  className="k-btn k-btn-primary"
                  disabled={lending.lend.isPending}
                  onClick={() =>
                    void confirmAnd(
                      t('lending:lendTitle'),
                      t('lending:lendConfirm', {
                        name: row.name,
                        shares: Number(row.quantity).toLocaleString(),
                        rate: loan.rate,
                      }),
                      t('lending:lend'),
                      () => lending.lend.mutateAsync(row.id),
                    )
                  }
                  data-testid="position-lend"
                >
                  {t('lending:lend')}
                </button>
              )}
            </div>
          </section>
        )}
        {row.status === STATUS.holding && (
          <button
            type="button"
            className="k-btn k-btn-primary k-btn-block"
            disabled={close.isPending}
            onClick={() =>
              void confirmAnd(
                t('closeTitle'),
                t('closeConfirm', {
                  name: row.name,
                  price: formatPriceIn(row.price, market, d),
                  pnl: formatSignedMoney(row.profit, market),
                }),
                t('close'),
                () => close.mutateAsync(row.id),
              )
            }
            data-testid="detail-close"
          >
            {t('close')}
          </button>
        )}
        {row.status === STATUS.holding && !row.lent && <ClosePanel row={row} market={market} />}
        {row.status === STATUS.pending && (
          <button
            type="button"
            className="k-btn k-btn-ghost k-btn-block"
            disabled={cancelOrder.isPending}
            onClick={() =>
              void confirmAnd(t('cancelTitle'), t('cancelConfirm', { name: row.name }), t('cancel'), () =>
                cancelOrder.mutateAsync(row.id),
              )
            }
            data-testid="detail-cancel"
          >
            {t('cancel')}
          </button>
        )}
      </div>
    </>
  );
}
