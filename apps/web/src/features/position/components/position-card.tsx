import type { Market } from '@kabuto/domain';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { formatPercent, formatPrice, priceDecimals, trendClass } from '../../../lib/quote-format.ts';
import { type PositionRow, STATUS, statusKey } from '../api/positions.ts';

/** One position: name/code, direction, leverage, quantity, prices, P&L; close or cancel when possible. */
export function PositionCard({
  row,
  market,
  onOpen,
  onClose,
  onCancel,
  busy,
}: {
  row: PositionRow;
  market: Market;
  onOpen: () => void;
  onClose?: () => void;
  onCancel?: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation('position');
  const d = priceDecimals(market);
  const closed = row.status === STATUS.closed;
  const cls = trendClass(row.yingkui);
  return (
    <li className="k-pos-card" data-testid="position-row" data-id={row.id} data-status={row.status}>
      <button type="button" className="k-pos-main" onClick={onOpen}>
        <div className="k-pos-top">
          <span className="k-pos-name">
            <strong>{row.stock_name}</strong>
            <small>{row.stock_code}</small>
          </span>
          <span className={`k-pos-dir ${row.buyzd === 1 ? 'is-long' : 'is-short'}`}>
            {row.buyzd === 1 ? t('dir.long') : t('dir.short')} ×{row.ganggang}
          </span>
          <span className={`k-pos-status is-${row.status}`}>{t(statusKey(row))}</span>
        </div>
        <div className="k-pos-grid">
          <div>
            <span>{t('field.qty')}</span>
            <b>{Number(row.stock_num).toLocaleString()}</b>
          </div>
          <div>
            <span>{t('field.buyPrice')}</span>
            <b>{formatPrice(row.buy_price, d)}</b>
          </div>
          <div>
            <span>{closed ? t('field.sellPrice') : t('field.nowPrice')}</span>
            <b data-testid="position-now">{formatPrice(closed ? row.sell_price : row.nowprice, d)}</b>
          </div>
          <div className="is-pnl">
            <span>{closed ? t('field.realised') : t('field.pnl')}</span>
            <b className={cls} data-testid="position-pnl">
              {formatMoney(row.yingkui, market)}
            </b>
            <small className={cls}>{formatPercent(row.gain)}</small>
          </div>
        </div>
        {closed && row.sell_time && <time className="k-pos-time">{formatDateTime(row.sell_time)}</time>}
      </button>
      {(onClose || onCancel) && (
        <div className="k-pos-actions">
          {onCancel && (
            <button
              type="button"
              className="k-btn k-btn-ghost"
              disabled={busy}
              onClick={onCancel}
              data-testid="position-cancel"
            >
              {t('cancel')}
            </button>
          )}
          {onClose && (
            <button
              type="button"
              className="k-btn k-btn-primary"
              disabled={busy}
              onClick={onClose}
              data-testid="position-close"
            >
              {t('close')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
