import { drawLottery, type Market } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { scopes } from '../../../lib/query-scopes.ts';

export interface DrawProof {
  commitment: string;
  seed: string;
  mode: 'ticket' | 'units';
  lots: bigint;
  waitlist: number;
  entries: { id: bigint; lots: bigint }[];
  results: { id: string; outcome: 'won' | 'waitlisted' | 'lost'; lots: string; rank: number }[];
}

/** `/trade/newstock_draw {id, type}`: the revealed seed, the applications in id order, the recorded result. */
export const drawProofQuery = (id: string, type: Market, enabled: boolean) =>
  queryOptions({
    queryKey: [...scopes.newShares, 'draw', id, type],
    queryFn: async ({ signal }): Promise<DrawProof> => {
      const p = await fetchData(endpoints.ipo.newstockDraw, { id, type }, { signal });
      return {
        commitment: p.commitment,
        seed: p.seed,
        mode: p.mode,
        lots: BigInt(p.lots),
        waitlist: p.waitlist,
        entries: p.entries.map((e) => ({ id: BigInt(e.id), lots: BigInt(e.lots) })),
        results: p.results,
      };
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useDrawProof = (id: string, type: Market, enabled: boolean) =>
  useQuery(drawProofQuery(id, type, enabled));

/**
 * Verify a draw in the browser: the seed's SHA-256 (crypto.subtle) must be the commitment published
 * when subscriptions opened, and the domain's drawLottery over the same inputs must give the recorded
 * result, outcome for outcome.
 */
export async function verifyDraw(p: DrawProof): Promise<{ commitment: boolean; result: boolean }> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(p.seed));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const again = drawLottery({
    seed: p.seed,
    entries: p.entries,
    lots: p.lots,
    mode: p.mode,
    waitlist: p.waitlist,
  });
  const same =
    again.length === p.results.length &&
    again.every((r, i) => {
      const x = p.results[i];
      return (
        String(r.id) === x.id && r.outcome === x.outcome && r.lots.toString() === x.lots && r.rank === x.rank
      );
    });
  return { commitment: hex === p.commitment, result: same };
}
