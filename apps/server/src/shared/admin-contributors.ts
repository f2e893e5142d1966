/**
 * What areas add to back-office pages they do not own, wired by app.ts (like UserInfoContributor):
 * the queue counts shown as badges and the sections of a user's detail page.
 */

/** Pending counts by queue name, e.g. `{ kyc: 2 }`. */
export type QueueCounter = () => Promise<Record<string, number>>;

export interface DetailContext {
  now: number;
  /** A URL the operator's browser can load an upload from (signed for their session). */
  uploadUrl(name: string): string;
}

/**
 * Sections of the user detail page as the contract has them, e.g. `{ cards: [...] }`: the owning module's
 * service returns English names and its wire file makes the section (`kycUserDetail` in kyc.wire.ts, …).
 */
export type UserDetailContributor = (userId: bigint, ctx: DetailContext) => Promise<Record<string, unknown>>;
