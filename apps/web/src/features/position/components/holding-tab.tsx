import type { Market } from '@kabuto/domain';
import { formatPriceIn, formatSignedMoney } from '../../../lib/format.ts';
import { priceDecimals } from '../../../lib/quote-format.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { type Position, STATUS, usePositionActions } from '../api/positions.ts';
import { ListStates } from './list-states.tsx';
import { PositionCard } from './position-card.tsx';
import { useConfirmedRowAction } from './row-action.ts';

/** The holdings tab: open positions at the latest price, each closable after a confirmation. */
export function HoldingTab({
  market,
  rows,
  pending,
  failed,
  onRetry,
  onOpen,
}: {
  market: Market;
  /** Holdings and closing positions, moved to the latest tick. */
  rows: Position[];
  pending: boolean;
  failed: boolean;
  onRetry: () => void;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslator('position');
  const { close } = usePositionActions(market);
  const { busyId, act: onClose } = useConfirmedRowAction<Position>(
    (row) => ({
      title: t('closeTitle'),
      content: t('closeConfirm', {
        name: row.name,
        price: formatPriceIn(row.price, market, priceDecimals(market)),
        pnl: formatSignedMoney(row.profit, market),
      }),
      confirmText: t('close'),
      cancelText: t('common:actions.cancel'),
    }),
    (id) => close.mutateAsync(id),
  );

  return (
    <ListStates
      pending={pending}
      failed={failed}
      onRetry={onRetry}
      empty={rows.length === 0}
      emptyText={t('emptyHolding')}
    >
      <ul className="k-pos-list">
        {rows.map((r) => (
          <PositionCard
            key={r.id}
            row={r}
            market={market}
            busy={busyId === r.id}
            onOpen={() => onOpen(r.id)}
            onClose={r.status === STATUS.holding ? () => void onClose(r) : undefined}
          />
        ))}
      </ul>
    </ListStates>
  );
}
