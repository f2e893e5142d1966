import { adminApi } from '@kabuto/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';
import { channelListQuery } from './use-channel-list.ts';

/** POST /channels/save: create (no id) or edit a deposit channel, with a reason. */
export function useChannelSave() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyIn<typeof adminApi.channelSave>) => call(adminApi.channelSave, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: channelListQuery().queryKey }),
  });
}
