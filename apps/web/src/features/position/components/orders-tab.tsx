import type { Market } from '@kabuto/domain';
import { useTranslator } from '../../../lib/use-translator.ts';
import type { ExitOrder } from '../api/positions.ts';
import { type Position, STATUS, usePositionActions } from '../api/positions.ts';
import { ExitList } from './exit-list.tsx';
import { ListStates } from './list-states.tsx';
import { OrderCard } from './order-card.tsx';
import { useConfirmedRowAction } from './row-action.ts';

/**
 * The orders tab (注文照会): pending orders first (each cancellable), then the cancelled and lapsed ones;
 * below them the exit orders with their states, amend and cancel.
 */
export function OrdersTab({
  market,
  rows,
  pending,
  failed,
  onRetry,
  onOpen,
  exits,
}: {
  market: Market;
  rows: Position[];
  pending: boolean;
  failed: boolean;
  onRetry: () => void;
  onOpen: (id: string) => void;
  exits?: ExitOrder[];
}) {
  const { t } = useTranslator('position');
  const { cancelOrder } = usePositionActions(market);
  const { busyId, act: onCancel } = useConfirmedRowAction<Position>(
    (row) => ({
      title: t('cancelTitle'),
      content: t('cancelConfirm', { name: row.name }),
      confirmText: t('cancel'),
      cancelText: t('common:actions.back'),
    }),
    (id) => cancelOrder.mutateAsync(id),
  );

  return (
    <>
      <ListStates
        pending={pending}
        failed={failed}
        onRetry={onRetry}
        empty={rows.length === 0}
        emptyText={t('emptyOrders')}
      >
        <ul className="k-pos-list" data-testid="order-list">
          {rows.map((r) => (
            <OrderCard
              key={r.id}
              row={r}
              market={market}
              busy={busyId === r.id}
              onOpen={() => onOpen(r.id)}
              onCancel={r.status === STATUS.pending ? () => void onCancel(r) : undefined}
            />
          ))}
        </ul>
      </ListStates>
      {exits && exits.length > 0 && <ExitList market={market} rows={exits} />}
    </>
  );
}
