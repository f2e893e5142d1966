import { adminApi } from '@kabuto/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';
import { configListQuery } from './use-config-list.ts';

/** POST /config/set: one setting, validated by its schema on the server, with a reason. */
export function useConfigSet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyIn<typeof adminApi.configSet>) => call(adminApi.configSet, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: configListQuery().queryKey }),
  });
}
