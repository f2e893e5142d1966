import type { Currency } from '@kabuto/domain';
import type { DepositChannel } from './api/use-channels.ts';

/**
 * The deposit being prepared between `/mine/stored` (amount, channel, channel password — pre-checked by
 * the server) and `/mine/deposit` (transfer details and proof). Kept in memory only: the channel password
 * never goes to storage or the URL, and a reload starts again from the first step.
 */
export interface DepositDraft {
  amount: string;
  type: Currency;
  channel: DepositChannel;
  /** The channel's password. */
  channelPassword?: string;
}

let draft: DepositDraft | null = null;

export const getDepositDraft = (): DepositDraft | null => draft;
export const setDepositDraft = (next: DepositDraft | null): void => {
  draft = next;
};
