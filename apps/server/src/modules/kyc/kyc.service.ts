import { isUniqueViolation, withTx } from '@kabuto/db';
import { toUnixSeconds } from '@kabuto/domain';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import type { DetailContext } from '../../shared/admin-contributors.ts';
import type { IdentityLookup } from '../../shared/identity.ts';
import { maskIdCard } from '../../shared/masks.ts';
import { decisionFields, listOf, noMoney, type QueuePage, reviewDecider } from '../../shared/review-queue.ts';
import { ownedUpload } from '../../shared/uploads.ts';
import type { ReadOf, UserInfoContributor, UserInfoPart } from '../../shared/user-info.ts';
import * as repo from './kyc.repo.ts';

/** Verification status as users see it (`is_true` on the wire): 0 none, 1 verified, 2 rejected, 3 under review. */
export const IS_TRUE = { none: 0, approved: 1, rejected: 2, pending: 3 } as const;

const ID_RE = /^[A-Za-z0-9-]{4,30}$/;

export interface KycInput {
  realname: string;
  idNumber: string;
  /** upload names of the ID's two sides */
  frontUpload: string;
  backUpload: string;
}

/** One verification submission as the back office sees it (times in unix seconds). */
export interface KycRecord {
  id: string;
  realName: string;
  idNumber: string;
  status: string;
  reason: string;
  frontUrl: string;
  backUrl: string;
  createdAt: number;
  decidedAt: number | null;
}

export function kycService(deps: Deps) {
  const { db, clock } = deps;
  /** Submit (or, after a rejection, resubmit) name, ID number and both images. */
  async function submit(userId: bigint, input: KycInput): Promise<void> {
    if (!ID_RE.test(input.idNumber)) refuse('kyc.idFormat');
    const latest = await repo.latest(db, userId);
    if (latest?.status === 'approved') refuse('kyc.alreadyVerified');
    if (latest?.status === 'pending') refuse('kyc.pending');
    const front = await ownedUpload(db, userId, input.frontUpload);
    const back = await ownedUpload(db, userId, input.backUpload);
    if (front === back) refuse('kyc.sameImage');
    try {
      await withTx(db, async (tx) => {
        const verified = await repo.approved(tx, userId);
        if (verified) refuse('kyc.alreadyVerified');
        await repo.insert(tx, {
          user_id: userId,
          realname: input.realname,
          id_card: input.idNumber.toUpperCase(),
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

  /** getUserinfo's verification: its status, the name, the masked ID number, and a rejection's reason. */
  const userInfo: UserInfoContributor<ReadOf<typeof repo.latestJson>> = {
    read: repo.latestJson,
    part: (latest) => verificationPart(latest),
  };

  function verificationPart(latest: ReadOf<typeof repo.latestJson>): UserInfoPart {
    if (!latest)
      return { verification: { status: IS_TRUE.none, realName: '', idNumber: '', rejectionReason: '' } };
    return {
      verification: {
        status: IS_TRUE[latest.status],
        realName: latest.realname,
        idNumber: maskIdCard(latest.id_card),
        rejectionReason: latest.status === 'rejected' ? (latest.reason ?? '') : '',
      },
    };
  }

  async function pendingCount(): Promise<Record<string, number>> {
    return { kyc: await repo.countPending(db) };
  }

  async function list(filter: QueuePage, imageUrl: (name: string) => string) {
    return listOf(await repo.list(db, filter), (r) => ({
      id: String(r.id),
      user_id: String(r.user_id),
      account: r.account,
      realname: r.realname,
      id_card: r.id_card,
      front_url: imageUrl(r.front_upload),
      back_url: imageUrl(r.back_upload),
      ...decisionFields(r.status, r),
    }));
  }

  /** Approve or reject one submission under review; refused when it is already decided. */
  const decide = reviewDecider(deps, {
    name: 'kyc',
    lock: repo.lockById,
    state: (row) => row.status,
    settle: noMoney,
    notices: { approved: 'kycApproved', rejected: 'kycRejected' },
    params: (row) => ({ name: row.realname }),
    record: (tx, row, d) =>
      repo.decide(tx, row.id, { status: d.state, reason: d.reason, decided_at: d.at, decided_by: d.by.id }),
    detail: (row) => ({ user_id: row.user_id, realname: row.realname }),
  });

  /** The user's submissions for the back office's user page, newest first. */
  async function userDetail(userId: bigint, ctx: DetailContext): Promise<KycRecord[]> {
    const rows = await repo.history(db, userId);
    return rows.map((r) => ({
      id: String(r.id),
      realName: r.realname,
      idNumber: r.id_card,
      status: r.status,
      reason: r.reason ?? '',
      frontUrl: ctx.uploadUrl(r.front_upload),
      backUrl: ctx.uploadUrl(r.back_upload),
      createdAt: toUnixSeconds(r.created_at.getTime()),
      decidedAt: r.decided_at ? toUnixSeconds(r.decided_at.getTime()) : null,
    }));
  }

  /** The approved identity of a user, for the areas that need it (wired in app.ts). */
  const verifiedIdentity: IdentityLookup = (userId) => repo.verifiedIdentity(db, userId);

  /** `verifiedIdentity` as a boolean inside another module's SQL (the loans part of getUserinfo). */
  const verifiedSql = repo.verifiedSql;
  return { submit, userInfo, pendingCount, list, decide, userDetail, verifiedIdentity, verifiedSql };
}

export type KycService = ReturnType<typeof kycService>;
