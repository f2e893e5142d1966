import { adminApi } from '@kabuto/contract';
import { useMutation } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';

/** POST /users/message: a site message to one user. */
export function useSendUserMessage() {
  return useMutation({
    mutationFn: (body: BodyIn<typeof adminApi.userMessage>) => call(adminApi.userMessage, body),
  });
}
