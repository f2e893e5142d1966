import Dialog from 'antd-mobile/es/components/dialog';
import { useState } from 'react';

/**
 * A row's action after a confirmation (close a holding, cancel an order): asks, then runs it with the row
 * marked busy until it settles. A refusal was shown by the client; the row is freed either way.
 */
export function useConfirmedRowAction<R extends { id: string }>(
  ask: (row: R) => { title: string; content: string; confirmText: string; cancelText: string },
  run: (id: string) => Promise<unknown>,
) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const act = async (row: R) => {
    if (!(await Dialog.confirm(ask(row)))) return;
    setBusyId(row.id);
    await run(row.id).catch(() => {});
    setBusyId(null);
  };
  return { busyId, act };
}
