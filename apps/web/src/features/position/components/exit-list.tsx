import { type Market, parseUnits } from '@kabuto/domain';
import { useState } from 'react';
import { Figure } from '../../../components/figure.tsx';
import { PriceInput, SharesInput } from '../../../components/typed-inputs.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { formatPrice, priceDecimals } from '../../../lib/quote-format.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { type ExitOrder, type ExitStatus, isLiveExit, useExitActions } from '../api/positions.ts';
import { inputText } from './order-amend-form.tsx';
import { useConfirmedRowAction } from './row-action.ts';

const FILTERS = ['all', 'working', 'triggered', 'filled', 'cancelled', 'expired'] as const;
type Filter = (typeof FILTERS)[number];

/** Which rows a filter shows: "working" includes those waiting for their entry order's fill. */
const shows = (f: Filter, s: ExitStatus) => f === 'all' || f === s || (f === 'working' && s === 'waiting');

/**
 * The exit orders of the order inquiry (注文照会): 逆指値, OCO, trailing stops and the IFD legs, filtered
 * by state (working, triggered, filled, cancelled, expired); a live one can be amended (its prices or
 * quantity) and cancelled — one leg of an OCO at a time, the other keeps working.
 */
export function ExitList({ market, rows }: { market: Market; rows: ExitOrder[] }) {
  const { t } = useTranslator('position');
  const [filter, setFilter] = useState<Filter>('all');
  const [editing, setEditing] = useState<string | null>(null);
  const { cancel } = useExitActions(market);
  const { busyId, act: onCancel } = useConfirmedRowAction<ExitOrder>(
    (row) => ({
      title: t('exit.cancelTitle'),
      content: t('exit.cancelConfirm', { name: row.name, kind: t(`exit.kind.${row.kind}`) }),
      confirmText: t('cancel'),
      cancelText: t('common:actions.back'),
    }),
    (id) => cancel.mutateAsync(id),
  );
  const shown = rows.filter((r) => shows(filter, r.status));

  return (
    <section className="k-exit-section" data-testid="exit-list">
      <h2 className="k-exit-head">{t('exit.title')}</h2>
      <div className="k-exit-filters" role="tablist">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            aria-selected={filter === f}
            className={filter === f ? 'is-active' : ''}
            onClick={() => setFilter(f)}
            data-testid={`exit-filter-${f}`}
          >
            {t(`exit.filter.${f}`)}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <p className="k-exit-empty">{t('exit.empty')}</p>
      ) : (
        <ul className="k-pos-list">
          {shown.map((r) => (
            <ExitCard
              key={r.id}
              row={r}
              market={market}
              busy={busyId === r.id}
              editing={editing === r.id}
              onEdit={() => setEditing(editing === r.id ? null : r.id)}
              onDone={() => setEditing(null)}
              onCancel={() => void onCancel(r)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function ExitCard({
  row,
  market,
  busy,
  editing,
  onEdit,
  onDone,
  onCancel,
}: {
  row: ExitOrder;
  market: Market;
  busy: boolean;
  editing: boolean;
  onEdit: () => void;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslator('position');
  const d = priceDecimals(market);
  const p = (v: string) => (v ? formatPrice(v, d) : '--');
  const live = isLiveExit(row);
  const side = row.side === 1 ? t('exit.sell') : t('exit.cover');
  return (
    <li
      className="k-pos-card"
      data-testid="exit-row"
      data-id={row.id}
      data-kind={row.kind}
      data-status={row.status}
    >
      <div className="k-pos-main">
        <div className="k-pos-top">
          <span className="k-pos-name">
            <strong>{row.name}</strong>
            <small>{row.code}</small>
          </span>
          <span className="k-pos-dir">
            {t(`exit.kind.${row.kind}`)}
            {row.ocoWith && ' · OCO'} · {side}
          </span>
          <span className={`k-exit-status is-${row.status}`} data-testid="exit-status">
            {t(`exit.status.${row.status}`)}
          </span>
        </div>
        <div className="k-order-grid">
          <div>
            <span>{t('exit.level')}</span>
            <b data-testid="exit-level">{p(row.level)}</b>
          </div>
          <div>
            <span>{row.status === 'filled' ? t('exit.fillPrice') : t('field.limitPrice')}</span>
            <b data-testid="exit-price">{p(row.status === 'filled' ? row.fillPrice : row.limitPrice)}</b>
          </div>
          <div>
            <span>{t('field.qty')}</span>
            <b data-testid="exit-qty">
              {row.quantity ? Number(row.quantity).toLocaleString() : t('exit.allShares')}
            </b>
          </div>
        </div>
        <dl className="k-order-times">
          <Figure label={t('field.orderTime')}>
            <time>{formatDateTime(row.createdAt)}</time>
          </Figure>
          {row.firedAt && (
            <Figure label={t('exit.firedAt')}>
              <time>{formatDateTime(row.firedAt)}</time>
            </Figure>
          )}
        </dl>
      </div>
      {live && editing && <ExitAmendForm row={row} market={market} onDone={onDone} />}
      {live && (
        <div className="k-pos-actions">
          {row.kind !== 'trail' && row.status !== 'triggered' && (
            <button
              type="button"
              className="k-btn k-btn-ghost"
              aria-expanded={editing}
              onClick={onEdit}
              data-testid="exit-amend"
            >
              {t('exit.amend')}
            </button>
          )}
          <button
            type="button"
            className="k-btn k-btn-ghost"
            disabled={busy}
            onClick={onCancel}
            data-testid="exit-cancel"
          >
            {t('cancel')}
          </button>
        </div>
      )}
    </li>
  );
}

/** 訂正: a live exit's limit and stop prices (those its kind has) and its quantity. */
function ExitAmendForm({ row, market, onDone }: { row: ExitOrder; market: Market; onDone: () => void }) {
  const { t } = useTranslator('position');
  const { amend } = useExitActions(market);
  const d = priceDecimals(market);
  const [limit, setLimit] = useState(inputText(row.limitPrice));
  const [stop, setStop] = useState(inputText(row.stopPrice));
  const [qty, setQty] = useState(row.quantity);
  const hasLimit = row.kind === 'limit' || row.kind === 'stop_limit';
  const hasStop = row.kind === 'stop' || row.kind === 'stop_limit';
  const positive = (v: string) => (parseUnits(v) ?? 0n) > 0n;
  const ready =
    (!hasLimit || positive(limit)) && (!hasStop || positive(stop)) && (!qty || /^[1-9]\d*$/.test(qty));
  const submit = async () => {
    await amend
      .mutateAsync({
        id: row.id,
        ...(hasLimit && limit !== inputText(row.limitPrice) ? { limit } : {}),
        ...(hasStop && stop !== inputText(row.stopPrice) ? { stop } : {}),
        ...(qty && qty !== row.quantity ? { quantity: qty } : {}),
      })
      .then(onDone)
      .catch(() => {});
  };
  return (
    <div className="k-exit-amend" data-testid="exit-amend-form">
      {hasLimit && (
        <div>
          <span>{t('field.limitPrice')}</span>
          <PriceInput
            decimals={d}
            value={limit}
            onChange={setLimit}
            label={t('field.limitPrice')}
            testid="amend-limit"
          />
        </div>
      )}
      {hasStop && (
        <div>
          <span>{t('exit.stop')}</span>
          <PriceInput
            decimals={d}
            value={stop}
            onChange={setStop}
            label={t('exit.stop')}
            testid="amend-stop"
          />
        </div>
      )}
      <div>
        <span>{t('field.qty')}</span>
        <SharesInput value={qty} onChange={setQty} label={t('field.qty')} testid="amend-qty" />
      </div>
      <button
        type="button"
        className="k-btn k-btn-primary k-btn-block"
        disabled={!ready || amend.isPending}
        onClick={() => void submit()}
        data-testid="exit-amend-submit"
      >
        {t('exit.amendSubmit')}
      </button>
    </div>
  );
}
