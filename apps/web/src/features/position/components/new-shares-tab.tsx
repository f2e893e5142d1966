import type { Market } from '@kabuto/domain';
import { useNavigate } from 'react-router';
import { NewShareStateChip as StateChip } from '../../../components/new-share-state.tsx';
import type { ApplicationRecord } from '../../../lib/api/use-new-share-records.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { ListStates } from './list-states.tsx';

/** The new-shares tab: each application with its shares (allotted once drawn) and state. */
export function NewSharesTab({
  market,
  rows,
  pending,
  failed,
  onRetry,
}: {
  market: Market;
  rows: ApplicationRecord[];
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
      emptyText={t('emptyNewShare')}
    >
      <ul className="k-pos-list" data-testid="pos-new-shares">
        {rows.map((r) => (
          <li key={r.id}>
            <button
              type="button"
              className="k-pos-ipo"
              onClick={() => navigate(`/mine/newShareOrder?stockIndex=${market}`)}
              data-testid="pos-new-share"
            >
              <span>
                <b>{r.name}</b> <small>{r.code}</small>
              </span>
              <span className="k-num">
                {r.allotted > 0 ? r.allotted : r.shares} {t('shares')}
              </span>
              <StateChip stateKey={r.stateKey} />
            </button>
          </li>
        ))}
      </ul>
    </ListStates>
  );
}
