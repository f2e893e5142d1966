import type { accountApi, DataOf } from '@kabuto/contract';

/** getUserinfo's reply (`userInfoData` of the contract). */
export type UserInfoWire = DataOf<typeof accountApi.getUserinfo>;

/**
 * The reply's fields that other areas own (verification, credit score), at "nothing yet": their
 * contributors overwrite them.
 */
export const userInfoUnset = { is_true: 0, realname: '', id_card: '', xyf: 0 } as const;
