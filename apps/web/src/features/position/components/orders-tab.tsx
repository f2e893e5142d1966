import type { Market } from '@kabuto/domain';
import Dialog from 'antd-mobile/es/components/dialog';
import { useState } from 'react';
import { useTranslator } from '../../../lib/use-translator.ts';
import { type Position, STATUS, usePositionActions } from '../api/positions.ts';
import { ListStates } from './list-states.tsx';
import { OrderCard } from './order-card.tsx';

/** The orders tab: pending limit orders first (each cancellable), then the cancelled and lapsed ones. */
export function OrdersTab({
  market,
  rows,
  pending,
  failed,
  onRetry,
  onOpen,
}: {
  market: Market;
  rows: Position[];
  pending: boolean;
  failed: boolean;
  onRetry: () => void;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslator('position');
  const { cancelOrder } = usePositionActions(market);
  const [busyId, setBusyId] = useState<string | null>(null);

  const onCancel = async (row: Position) => {
    const ok = await Dialog.confirm({
      title: t('cancelTitle'),
      content: t('cancelConfirm', { name: row.name }),
      confirmText: t('cancel'),
      cancelText: t('common:actions.back'),
    });
    if (!ok) return;
    setBusyId(row.id);
    await cancelOrder.mutateAsync(row.id).catch(() => {});
    setBusyId(null);
  };

  return (
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
  );
}
