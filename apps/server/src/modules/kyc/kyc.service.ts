import { isUniqueViolation, withTx } from '@kabuto/db';
import type { Market } from '@kabuto/domain';
import { toUnixSeconds } from '@kabuto/domain';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import type { DetailContext } from '../../shared/admin-contributors.ts';
import { audit } from '../../shared/audit.ts';
import { maskIdCard } from '../../shared/masks.ts';
import { sendNotice } from '../../shared/notices.ts';
import type { Operator } from '../../shared/sessions.ts';
import { ownedUpload } from '../../shared/uploads.ts';
import * as repo from './kyc.repo.ts';

/** Wire values of `is_true`: 0 none, 1 verified, 2 rejected, 3 under review. */
export const IS_TRUE = { none: 0, approved: 1, rejected: 2, pending: 3 } as const;

const ID_RE = /^[A-Za-z0-9-]{4,30}$/;

export interface KycInput {
  realname: string;
  id_card: string;
  frontcard: string;
  backcard: string;
}

export function kycService({ db, clock }: Deps) {
  /** Submit (or, after a rejection, resubmit) name, ID number and both images. */
  async function submit(userId: bigint, input: KycInput): Promise<void> {
    if (!ID_RE.test(input.id_card)) refuse('kyc.idFormat');
    const latest = await repo.latest(db, userId);
    if (latest?.status === 'approved') refuse('kyc.alreadyVerified');
    if (latest?.status === 'pending') refuse('kyc.pending');
    const front = await ownedUpload(db, userId, input.frontcard);
    const back = await ownedUpload(db, userId, input.backcard);
    if (front === back) refuse('kyc.sameImage');
    try {
      await withTx(db, async (tx) => {
        const verified = await repo.approved(tx, userId);
        if (verified) refuse('kyc.alreadyVerified');
        await repo.insert(tx, {
          user_id: userId,
          realname: input.realname,
          id_card: input.id_card.toUpperCase(),
          front_upload: front,
          back_upload: back,
          created_at: new Date(clock.now()),
        });
      });
    } catch (err) {
      // Two submissions at once: the database keeps one under review.
      if (isUniqueViolation(err)) refuse('kyc.pending');
      throw err;
    }
  }

  /** getUserinfo fields: is_true, realname, masked id_card, and the reason of a rejection. */
  async function userInfo(userId: bigint, _market: Market): Promise<Record<string, unknown>> {
    const latest = await repo.latest(db, userId);
    if (!latest) return { is_true: IS_TRUE.none, realname: '', id_card: '', kyc_reason: '' };
    return {
      is_true: IS_TRUE[latest.status],
      realname: latest.realname,
      id_card: maskIdCard(latest.id_card),
      kyc_reason: latest.status === 'rejected' ? (latest.reason ?? '') : '',
    };
  }

  async function pendingCount(): Promise<Record<string, number>> {
    return { kyc: await repo.countPending(db) };
  }

  type Status = 'pending' | 'approved' | 'rejected' | 'all';
  async function list(
    filter: { status: Status; page: number; size: number },
    imageUrl: (name: string) => string,
  ) {
    const { rows, total } = await repo.list(db, filter);
    return {
      list: rows.map((r) => ({
        id: String(r.id),
        user_id: String(r.user_id),
        account: r.account,
        realname: r.realname,
        id_card: r.id_card,
        front_url: imageUrl(r.front_upload),
        back_url: imageUrl(r.back_upload),
        status: r.status,
        reason: r.reason ?? '',
        create_time: toUnixSeconds(r.created_at.getTime()),
        decide_time: r.decided_at ? toUnixSeconds(r.decided_at.getTime()) : null,
        decided_by: r.decided_by_name ?? '',
      })),
      total,
    };
  }

  /** Approve or reject one submission under review; refused when it is already decided. */
  async function decide(op: Operator, input: { id: bigint; approve: boolean; reason?: string }) {
    if (!input.approve && !input.reason) refuse('admin.reasonRequired');
    const now = new Date(clock.now());
    await withTx(db, async (tx) => {
      const row = await repo.lockById(tx, input.id);
      if (!row) return refuse('review.notFound');
      if (row.status !== 'pending') return refuse('review.alreadyDecided');
      const status = input.approve ? 'approved' : 'rejected';
      await repo.decide(tx, row.id, {
        status,
        reason: input.reason ?? null,
        decided_at: now,
        decided_by: op.id,
      });
      if (input.approve)
        await sendNotice(tx, new Date(clock.now()), row.user_id, 'kycApproved', { name: row.realname });
      else
        await sendNotice(tx, new Date(clock.now()), row.user_id, 'kycRejected', {
          reason: input.reason ?? '',
        });
      await audit(
        tx,
        op,
        {
          action: input.approve ? 'kyc.approve' : 'kyc.reject',
          target: `kyc:${row.id}`,
          reason: input.reason ?? '',
          detail: { user_id: row.user_id, realname: row.realname },
        },
        now,
      );
    });
  }

  /** The KYC section of the back office's user page. */
  async function userDetail(userId: bigint, ctx: DetailContext): Promise<Record<string, unknown>> {
    const rows = await repo.history(db, userId);
    return {
      kyc: rows.map((r) => ({
        id: String(r.id),
        realname: r.realname,
        id_card: r.id_card,
        status: r.status,
        reason: r.reason ?? '',
        front_url: ctx.uploadUrl(r.front_upload),
        back_url: ctx.uploadUrl(r.back_upload),
        create_time: toUnixSeconds(r.created_at.getTime()),
        decide_time: r.decided_at ? toUnixSeconds(r.decided_at.getTime()) : null,
      })),
    };
  }

  return { submit, userInfo, pendingCount, list, decide, userDetail };
}

export type KycService = ReturnType<typeof kycService>;
