import '../../../components/money.css';
import '../day-trading.css';
import { type Market, parseUnits } from '@kabuto/domain';
import Dialog from 'antd-mobile/es/components/dialog';
import { type FormEvent, useState } from 'react';
import { AmountField } from '../../../components/amount-field.tsx';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Figure } from '../../../components/figure.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { Segmented } from '../../../components/segmented.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatMarketDateTime, formatMoney, toUnits } from '../../../lib/format.ts';
import { showMsg } from '../../../lib/messages.ts';
import { useStartupConfig } from '../../../lib/startup-config.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import {
  type DayLine,
  type DayPosition,
  dayTradeConfig,
  useApply,
  useDayBuy,
  useDayClose,
  useDayLines,
  useDayPositions,
} from '../api/use-day-trades.ts';

const MARKET: Market = 'jpy';
const STATES = ['review', 'approved', 'rejected', 'trading', 'complete', 'failed'] as const;
const TONE = ['is-wait', 'is-ok', 'is-bad', 'is-live', 'is-ok', 'is-muted'];
const LIVE = new Set([1, 3]);

const tone = (value: string | number) => {
  const u = toUnits(value) ?? 0n;
  return u > 0n ? 'is-up' : u < 0n ? 'is-down' : '';
};

/** `/home/withinDays`: apply for a day-trading line; today's line, its positions and P&L; the history. */
export function DayTradingPage() {
  const { t } = useTranslator('block');
  const lines = useDayLines(MARKET);
  const rows = lines.data ?? [];
  const current = rows.find((l) => l.status === 0 || LIVE.has(l.status));
  const live = current && LIVE.has(current.status) ? current : undefined;
  const positions = useDayPositions(MARKET, Boolean(live));
  const refresh = () => Promise.all([lines.refetch(), live ? positions.refetch() : null]);

  return (
    <>
      <PageHeader title={t('dayTrade.title')} back="/home/index" />
      {lines.isPending ? (
        <ListSkeleton rows={3} lines={3} />
      ) : lines.isError && !lines.data ? (
        <ErrorState onRetry={() => void lines.refetch()} />
      ) : (
        <Refreshable onRefresh={refresh}>
          <div className="k-body k-dt" data-testid="day-trade-page">
            {live ? (
              <LineCard line={live} positions={positions.data ?? []} loading={positions.isPending} />
            ) : current ? (
              <section className="k-card k-card-pad" data-testid="day-trade-review">
                <h2 className="k-card-title">{t('dayTrade.inReview')}</h2>
                <p className="k-home-muted">{t('dayTrade.inReviewHint', { date: current.date })}</p>
                <dl className="k-kv">
                  <Figure label={t('dayTrade.amount')} className="k-num">
                    {formatMoney(current.amount, MARKET)}
                  </Figure>
                </dl>
              </section>
            ) : (
              <ApplyForm />
            )}
            <h2 className="k-dt-h">{t('dayTrade.history')}</h2>
            {rows.length === 0 ? (
              <Empty text={t('dayTrade.noHistory')} />
            ) : (
              <ul className="k-rev-list" data-testid="day-trade-history">
                {rows.map((l) => (
                  <HistoryRow key={l.id} line={l} />
                ))}
              </ul>
            )}
          </div>
        </Refreshable>
      )}
    </>
  );
}

function ApplyForm() {
  const { t } = useTranslator('block');
  const config = dayTradeConfig(useStartupConfig(), MARKET);
  const apply = useApply();
  const [money, setMoney] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (apply.isPending) return;
    const units = parseUnits(money);
    if (units === null || units <= 0n) return showMsg('validation.amount');
    if (config.min && units < (parseUnits(config.min) ?? 0n))
      return showMsg('dayTrade.belowMinimum', { min: config.min });
    if (config.max && units > (parseUnits(config.max) ?? 0n))
      return showMsg('dayTrade.aboveMaximum', { max: config.max });
    Dialog.confirm({
      title: t('dayTrade.confirmApply'),
      content: t('dayTrade.confirmApplyText', { amount: formatMoney(money, MARKET) }),
      confirmText: t('dayTrade.apply'),
      cancelText: t('common:actions.cancel'),
      onConfirm: async () => {
        try {
          const { code } = await apply.mutateAsync({ money, type: MARKET });
          showMsg(code ?? 'ok.dayTradeApplied');
          setMoney('');
        } catch {
          // the refusal is already shown
        }
      },
    });
  };
  return (
    <form className="k-card k-card-pad k-dt-form" onSubmit={submit} data-testid="day-trade-apply">
      <h2 className="k-card-title">{t('dayTrade.applyTitle')}</h2>
      <p className="k-home-muted">{t('dayTrade.howItWorks', { minutes: config.minutes })}</p>
      <AmountField
        label={t('dayTrade.amount')}
        currency={MARKET}
        value={money}
        onChange={setMoney}
        hint={
          config.min && config.max ? t('dayTrade.limits', { min: config.min, max: config.max }) : undefined
        }
      />
      <button
        type="submit"
        className="k-btn k-btn-primary k-btn-block"
        disabled={apply.isPending}
        data-testid="day-trade-apply-submit"
      >
        {t('dayTrade.apply')}
      </button>
    </form>
  );
}

function LineCard({
  line,
  positions,
  loading,
}: {
  line: DayLine;
  positions: DayPosition[];
  loading: boolean;
}) {
  const { t } = useTranslator('block');
  const config = dayTradeConfig(useStartupConfig(), MARKET);
  const buy = useDayBuy();
  const close = useDayClose();
  const [symbol, setSymbol] = useState('');
  const [shares, setShares] = useState('100');
  const [direction, setDirection] = useState<'1' | '2'>('1');
  const [leverage, setLeverage] = useState(String(config.leverage[0]));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (buy.isPending) return;
    if (!symbol.trim()) return showMsg('validation.required', { field: t('dayTrade.symbol') });
    if (!/^\d+$/.test(shares) || Number(shares) <= 0) return showMsg('validation.invalid');
    buy
      .mutateAsync({
        symbol: symbol.trim(),
        shares,
        leverage: Number(leverage),
        direction: direction === '1' ? 1 : 2,
        type: MARKET,
      })
      .then(({ code }) => showMsg(code ?? 'ok.bought'))
      .catch(() => undefined);
  };
  const closeOne = (p: DayPosition) =>
    Dialog.confirm({
      title: t('dayTrade.confirmClose'),
      content: `${p.name} ${p.symbol}`,
      confirmText: t('dayTrade.close'),
      cancelText: t('common:actions.cancel'),
      onConfirm: async () => {
        try {
          const { code } = await close.mutateAsync({ id: p.id, type: MARKET });
          showMsg(code ?? 'ok.sold');
        } catch {
          // the refusal is already shown
        }
      },
    });

  return (
    <>
      <section className="k-card k-card-pad" data-testid="day-trade-line">
        <div className="k-row-between">
          <h2 className="k-card-title">{t('dayTrade.todayLine', { date: line.date })}</h2>
          <span className={`k-chip ${TONE[line.status]}`} data-testid="day-trade-status">
            {t(`dayTrade.state.${STATES[line.status]}`)}
          </span>
        </div>
        <dl className="k-kv">
          <Figure label={t('dayTrade.amount')} className="k-num">
            {formatMoney(line.amount, MARKET)}
          </Figure>
          <Figure label={t('dayTrade.used')} className="k-num">
            {formatMoney(line.used, MARKET)}
          </Figure>
          <Figure label={t('dayTrade.remaining')} className="k-num" testid="day-trade-remaining">
            {formatMoney(line.remaining, MARKET)}
          </Figure>
          <Figure label={t('dayTrade.pnl')} className={`k-num ${tone(line.pnl)}`} testid="day-trade-pnl">
            {formatMoney(line.pnl, MARKET)}
          </Figure>
          {line.forcedClose !== null && (
            <Figure label={t('dayTrade.forcedClose')}>
              {formatMarketDateTime(line.forcedClose, MARKET)}
            </Figure>
          )}
        </dl>
      </section>
      <form className="k-card k-card-pad k-dt-form" onSubmit={submit} data-testid="day-trade-order">
        <h2 className="k-card-title">{t('dayTrade.trade')}</h2>
        <TextField
          label={t('dayTrade.symbol')}
          value={symbol}
          onChange={setSymbol}
          icon="search"
          inputMode="numeric"
          placeholder="7203"
          data-testid="day-trade-symbol"
        />
        <TextField
          label={t('dayTrade.shares')}
          value={shares}
          onChange={setShares}
          icon="order"
          inputMode="numeric"
          data-testid="day-trade-shares"
        />
        <Segmented
          label={t('dayTrade.direction')}
          testid="day-trade-direction"
          value={direction}
          onChange={setDirection}
          options={[
            { value: '1', label: t('dayTrade.long') },
            { value: '2', label: t('dayTrade.short') },
          ]}
        />
        <Segmented
          label={t('dayTrade.leverage')}
          testid="day-trade-leverage"
          value={leverage}
          onChange={setLeverage}
          options={config.leverage.map((l) => ({ value: String(l), label: `×${l}` }))}
        />
        <button
          type="submit"
          className="k-btn k-btn-primary k-btn-block"
          disabled={buy.isPending}
          data-testid="day-trade-buy"
        >
          {t('dayTrade.buy')}
        </button>
      </form>
      <h2 className="k-dt-h">{t('dayTrade.positions')}</h2>
      {loading ? (
        <ListSkeleton rows={2} lines={2} />
      ) : positions.length === 0 ? (
        <Empty text={t('dayTrade.noPositions')} />
      ) : (
        <ul className="k-rev-list" data-testid="day-trade-positions">
          {positions.map((p) => (
            <li key={p.id} className="k-rev" data-testid="day-trade-position">
              <div className="k-rev-head">
                <span className="k-rev-title">
                  <small>{p.symbol}</small>
                  <b>{p.name}</b>
                </span>
                <span className={`k-chip ${p.direction === 1 ? 'is-ok' : 'is-bad'}`}>
                  {t(p.direction === 1 ? 'dayTrade.long' : 'dayTrade.short')} ×{p.leverage}
                </span>
              </div>
              <dl className="k-rev-lines">
                <Figure label={t('dayTrade.shares')} className="k-num">
                  {Number(p.quantity).toLocaleString()}
                </Figure>
                <Figure label={t('dayTrade.openPrice')} className="k-num">
                  {formatMoney(p.openPrice, MARKET)}
                </Figure>
                <Figure label={t('dayTrade.margin')} className="k-num">
                  {formatMoney(p.margin, MARKET)}
                </Figure>
                <Figure label={t('dayTrade.pnl')} className={`k-num ${tone(p.pnl)}`}>
                  {formatMoney(p.pnl, MARKET)}
                </Figure>
              </dl>
              <button
                type="button"
                className="k-btn k-btn-block k-dt-close"
                onClick={() => closeOne(p)}
                data-testid="day-trade-close"
              >
                {t('dayTrade.close')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function HistoryRow({ line }: { line: DayLine }) {
  const { t } = useTranslator('block');
  const settled = line.status === 4 || line.status === 5;
  return (
    <li className="k-rev" data-testid="day-trade-row" data-status={line.status}>
      <div className="k-rev-head">
        <span className="k-rev-title">
          <small>{line.orderNo}</small>
          <b>{line.date}</b>
        </span>
        <span className={`k-chip ${TONE[line.status]}`} data-testid="day-trade-row-status">
          {t(`dayTrade.state.${STATES[line.status]}`)}
        </span>
      </div>
      <dl className="k-rev-lines">
        <Figure label={t('dayTrade.amount')} className="k-num">
          {formatMoney(line.amount, MARKET)}
        </Figure>
        <Figure label={t('dayTrade.pnl')} className={`k-num ${tone(line.pnl)}`} testid="day-trade-row-pnl">
          {formatMoney(line.pnl, MARKET)} ({line.gain.toFixed(2)}%)
        </Figure>
        {settled && (
          <Figure label={t('dayTrade.payout')} className="k-num" testid="day-trade-row-payout">
            {formatMoney(line.payout, MARKET)}
          </Figure>
        )}
        <Figure label={t('dayTrade.trades')} className="k-num">
          {line.positions}
        </Figure>
        <Figure label={t('dayTrade.applyTime')}>{formatMarketDateTime(line.createdAt, MARKET)}</Figure>
        {line.reason && <Figure label={t('dayTrade.reason')}>{line.reason}</Figure>}
      </dl>
    </li>
  );
}
