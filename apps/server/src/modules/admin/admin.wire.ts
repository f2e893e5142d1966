import type { adminApi, DataOf } from '@kabuto/contract';
import type { AdminService } from './admin.service.ts';
import type { UserDetail, UserListRow } from './users.service.ts';

/** The back office's user pages: the service's English names to the contract's. */

/** `/users/list`'s row: the verification as `is_true`, the name as `realname`, available yen as `jpy`. */
export const userListRow = (u: UserListRow): DataOf<typeof adminApi.userList>['list'][number] => ({
  id: u.id,
  account: u.account,
  realname: u.realName,
  is_true: u.verification,
  state: u.state,
  state_reason: u.stateReason,
  invite_code: u.inviteCode,
  inviter: u.inviter,
  jpy: u.yenAvailable,
  create_time: u.createdAt,
});

/** `/users/detail`: the account's fields, `wallets`, `ledger`, then the sections other areas add. */
export function userDetailReply(u: UserDetail): DataOf<typeof adminApi.userDetail> {
  return Object.assign(
    {
      id: u.id,
      account: u.account,
      state: u.state,
      state_reason: u.stateReason,
      invite_code: u.inviteCode,
      inviter: u.inviter,
      invitees: u.invitees,
      has_fund_password: u.hasFundPassword,
      create_time: u.createdAt,
      wallets: u.wallets,
      ledger: u.ledger.map((h) => ({
        id: h.id,
        type: h.type,
        code: h.code,
        currency: h.currency,
        amount: h.amount,
        direction: h.direction,
        debit: h.debit,
        credit: h.credit,
        pending_id: h.pendingId,
        ref: h.ref,
        memo: h.memo,
        create_time: h.createdAt,
      })),
    },
    ...u.sections,
  );
}

type AuditEntry = Awaited<ReturnType<AdminService['auditList']>>['list'][number];

/** `/audit/list`'s row: when it happened as `create_time`. */
export const auditRow = (a: AuditEntry): DataOf<typeof adminApi.auditList>['list'][number] => ({
  id: a.id,
  operator: a.operator,
  action: a.action,
  target: a.target,
  reason: a.reason,
  detail: a.detail,
  create_time: a.at,
});
