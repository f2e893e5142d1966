import type { Market } from '@kabuto/domain';
import { MarketModeLabel } from '../../../components/data-mode.tsx';
import { formatDateTime, formatSignedMoney } from '../../../lib/format.ts';
import { formatPercent, formatPrice, priceDecimals, trendClass } from '../../../lib/quote-format.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { type Position, STATUS, statusKey } from '../api/positions.ts';

/** One position: name/code, direction, leverage, quantity, prices, P&L; close or cancel when possible. */
export function PositionCard({
  row,
  market,
  onOpen,
  onClose,
  onCancel,
  busy,
}: {
  row: Position;
  market: Market;
  onOpen: () => void;
  onClose?: () => void;
  onCancel?: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslator(['position', 'lending']);
  const d = priceDecimals(market);
  const closed = row.status === STATUS.closed;
  const cls = trendClass(row.profit);
  return (
    <li className="k-pos-card" data-testid="position-row" data-id={row.id} data-status={row.status}>
      <button type="button" className="k-pos-main" onClick={onOpen}>
        <div className="k-pos-top">
          <span className="k-pos-name">
            <strong>{row.name}</strong>
            <small>
              {row.code}
              <MarketModeLabel market={market} />
            </small>
          </span>
          <span className={`k-pos-dir ${row.direction === 1 ? 'is-long' : 'is-short'}`}>
            {row.direction === 1 ? t('dir.long') : t('dir.short')} ×{row.leverage}
          </span>
          {row.dayTrade && (
            <span className="k-pos-tag is-day" data-testid="position-card-daytrade">
              {t('tag.dayTrade')}
            </span>
          )}
          {row.source === 'after_market' && (
            <span className="k-pos-tag" data-testid="position-card-after-market">
              {t('tag.afterMarket')}
            </span>
          )}
          {row.closeReason === 'forced' && (
            <span className="k-pos-tag is-forced" data-testid="position-card-forced">
              {t('tag.forced')}
            </span>
          )}
          {row.lent && (
            <span className="k-pos-lent is-lent" data-testid="position-card-lent">
              {t('lending:state.lent')}
            </span>
          )}
          <span className={`k-pos-status is-${row.status}`}>{t(statusKey(row))}</span>
        </div>
        <div className="k-pos-grid">
          <div>
            <span>{t('field.qty')}</span>
            <b>{Number(row.quantity).toLocaleString()}</b>
          </div>
          <div>
            <span>{t('field.buyPrice')}</span>
            <b>{formatPrice(row.buyPrice, d)}</b>
          </div>
          <div>
            <span>{closed ? t('field.sellPrice') : t('field.nowPrice')}</span>
            <b data-testid="position-now">{formatPrice(closed ? row.sellPrice : row.price, d)}</b>
          </div>
          <div className="is-pnl">
            <span>{closed ? t('field.realised') : t('field.pnl')}</span>
            <b className={cls} data-testid="position-pnl">
              {formatSignedMoney(row.profit, market)}
            </b>
            <small className={cls}>{formatPercent(row.gain)}</small>
          </div>
        </div>
        {closed && row.sellTime && <time className="k-pos-time">{formatDateTime(row.sellTime)}</time>}
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
