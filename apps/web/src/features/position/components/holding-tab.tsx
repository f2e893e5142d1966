import type { Market } from '@kabuto/domain';
import Dialog from 'antd-mobile/es/components/dialog';
import { useState } from 'react';
import { useTranslator } from '../../../lib/use-translator.ts';
import { type Position, STATUS, usePositionActions } from '../api/positions.ts';
import { ListStates } from './list-states.tsx';
import { PositionCard } from './position-card.tsx';

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
  const [busyId, setBusyId] = useState<string | null>(null);

  const onClose = async (row: Position) => {
    const ok = await Dialog.confirm({
      title: t('closeTitle'),
      content: t('closeConfirm', { name: row.name }),
      confirmText: t('close'),
      cancelText: t('common:actions.cancel'),
    });
    if (!ok) return;
    setBusyId(row.id);
    await close.mutateAsync(row.id).catch(() => {});
    setBusyId(null);
  };

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
