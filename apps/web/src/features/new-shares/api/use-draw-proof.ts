import type { Market } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api.ts';
import type { LotteryProof } from '../../../lib/draw-proof.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { scopes } from '../../../lib/query-scopes.ts';

/** `/trade/newstock_draw {id, type}`: the revealed seed, the applications in id order, the recorded result. */
export const drawProofQuery = (id: string, type: Market, enabled: boolean) =>
  queryOptions({
    queryKey: [...scopes.newShares, 'draw', id, type],
    queryFn: async ({ signal }): Promise<LotteryProof> => {
      const p = await fetchData(endpoints.newShares.draw, { id, type }, { signal });
      return {
        commitment: p.commitment,
        entriesCommitment: p.entries_commitment,
        seed: p.seed,
        mode: p.mode,
        lots: BigInt(p.lots),
        waitlist: p.waitlist,
        entries: p.entries.map((e) => ({ id: BigInt(e.id), ref: e.holder, lots: BigInt(e.lots) })),
        results: p.results,
      };
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useDrawProof = (id: string, type: Market, enabled: boolean) =>
  useQuery(drawProofQuery(id, type, enabled));
