import type { Market } from '@kabuto/domain';
import { useNavigate } from 'react-router';
import type { FollowOrder } from '../../../lib/api/use-follow-orders.ts';
import { formatMoney } from '../../../lib/format.ts';
import { trendClass } from '../../../lib/quote-format.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { ListStates } from './list-states.tsx';

/** The copy-trade tab: each follow with its stake, profit and state. */
export function FollowTab({
  market,
  rows,
  pending,
  failed,
  onRetry,
}: {
  market: Market;
  rows: FollowOrder[];
  pending: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslator('position');
  const navigate = useNavigate();
  return (
    <ListStates
      pending={pending}
      failed={failed}
      onRetry={onRetry}
      empty={rows.length === 0}
      emptyText={t('emptyFollow')}
    >
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
    </ListStates>
  );
}
