import { adminApi } from '@kabuto/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';
import { operatorListQuery } from './use-operator-list.ts';

/** POST /operators/save: create an operator, or change role / password / disabled (admin only). */
export function useOperatorSave() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyIn<typeof adminApi.operatorSave>) => call(adminApi.operatorSave, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: operatorListQuery().queryKey }),
  });
}
