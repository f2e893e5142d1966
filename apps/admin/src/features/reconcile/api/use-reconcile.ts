import { adminApi } from '@kabuto/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/** POST /ledger/reconcile: runs the ledger invariants now (an action, so a mutation). */
export function useReconcile() {
  return useMutation({
    mutationKey: ['admin', 'reconcile'],
    mutationFn: () => call(adminApi.reconcile, {}),
  });
}
