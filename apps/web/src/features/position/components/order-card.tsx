import type { Market } from '@kabuto/domain';
import { useState } from 'react';
import { Figure } from '../../../components/figure.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { formatPrice, priceDecimals } from '../../../lib/quote-format.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { type Position, STATUS, statusKey } from '../api/positions.ts';
import { OrderAmendForm } from './order-amend-form.tsx';

/**
 * One limit order as an order enquiry shows it: name/code, side, leverage, limit price, quantity, status
 * and the time it was placed (and cancelled or lapsed). An order holds nothing yet, so it has no P&L.
 */
export function OrderCard({
  row,
  market,
  onOpen,
  onCancel,
  busy,
}: {
  row: Position;
  market: Market;
  onOpen: () => void;
  onCancel?: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslator('position');
  const d = priceDecimals(market);
  const ended = row.status !== STATUS.pending && row.sellTime;
  const [editing, setEditing] = useState(false);
  const type = row.orderType === 1 ? 'market' : 'limit';
  return (
    <li className="k-pos-card" data-testid="order-row" data-id={row.id} data-status={row.status}>
      <button type="button" className="k-pos-main" onClick={onOpen}>
        <div className="k-pos-top">
          <span className="k-pos-name">
            <strong>{row.name}</strong>
            <small>{row.code}</small>
          </span>
          <span className={`k-pos-dir ${row.direction === 1 ? 'is-long' : 'is-short'}`}>
            {row.direction === 1 ? t('dir.long') : t('dir.short')} ×{row.leverage}
          </span>
          <span className={`k-pos-status is-${row.status}`} data-testid="order-status">
            {t(statusKey(row))}
          </span>
        </div>
        <div className="k-order-grid">
          <div>
            <span>{t('field.orderType')}</span>
            <b>
              {t(`orderType.${row.timing === 'open' || row.timing === 'close' ? row.timing : 'any'}.${type}`)}
            </b>
          </div>
          <div>
            <span>{t('field.limitPrice')}</span>
            <b data-testid="order-limit">{row.limitPrice ? formatPrice(row.limitPrice, d) : '--'}</b>
          </div>
          <div>
            <span>{t('field.qty')}</span>
            <b data-testid="order-qty">{Number(row.quantity).toLocaleString()}</b>
          </div>
        </div>
        <dl className="k-order-times">
          <Figure label={t('field.orderTime')}>
            <time>{formatDateTime(row.buyTime)}</time>
          </Figure>
          {row.status === STATUS.pending && row.waitsFor && (
            <Figure label={t('field.waitsFor')}>
              <time>{formatDateTime(row.waitsFor)}</time>
            </Figure>
          )}
          {row.status === STATUS.pending && row.validUntil && (
            <Figure label={t('field.validUntil')}>{row.validUntil}</Figure>
          )}
          {ended && (
            <Figure label={t(row.closeReason === 'expired' ? 'field.expiredTime' : 'field.cancelTime')}>
              <time>{formatDateTime(row.sellTime ?? 0)}</time>
            </Figure>
          )}
        </dl>
      </button>
      {onCancel && editing && <OrderAmendForm row={row} market={market} onDone={() => setEditing(false)} />}
      {onCancel && (
        <div className="k-pos-actions">
          <button
            type="button"
            className="k-btn k-btn-ghost"
            aria-expanded={editing}
            onClick={() => setEditing(!editing)}
            data-testid="order-amend"
          >
            {t('exit.amend')}
          </button>
          <button
            type="button"
            className="k-btn k-btn-ghost"
            disabled={busy}
            onClick={onCancel}
            data-testid="order-cancel"
          >
            {t('cancel')}
          </button>
        </div>
      )}
    </li>
  );
}
