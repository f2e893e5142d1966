import type { Market } from '@kabuto/domain';
import { formatSignedMoney } from '../../../lib/format.ts';
import { trendClass } from '../../../lib/quote-format.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import type { Position } from '../api/positions.ts';
import { ListStates } from './list-states.tsx';
import { PositionCard } from './position-card.tsx';

/** The closed tab: the realised P&L of the market, then each closed position. */
export function SoldTab({
  market,
  rows,
  realised,
  pending,
  failed,
  onRetry,
  onOpen,
}: {
  market: Market;
  rows: Position[];
  realised: string | undefined;
  pending: boolean;
  failed: boolean;
  onRetry: () => void;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslator('position');
  return (
    <ListStates
      pending={pending}
      failed={failed}
      onRetry={onRetry}
      empty={rows.length === 0}
      emptyText={t('emptySold')}
    >
      <div className="k-pos-realised" data-testid="sold-total">
        <span>{t('realisedTotal')}</span>
        <b className={trendClass(realised)}>{formatSignedMoney(realised ?? '0', market)}</b>
      </div>
      <ul className="k-pos-list">
        {rows.map((r) => (
          <PositionCard key={r.id} row={r} market={market} onOpen={() => onOpen(r.id)} />
        ))}
      </ul>
    </ListStates>
  );
}
