import type { Currency } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api.ts';
import type { AllocationProof } from '../../../lib/draw-proof.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { scopes } from '../../../lib/query-scopes.ts';

/**
 * `/trade/block_draw {id, type}`: an allocated offering's revealed seed, the subscriptions in id order and
 * the recorded allocation. Asked quietly: an offering not yet allocated is refused, which here only means
 * there is nothing to verify yet.
 */
export const allocationProofQuery = (id: string, type: Currency, enabled: boolean) =>
  queryOptions({
    queryKey: [...scopes.money, 'block-draw', id, type],
    queryFn: async ({ signal }): Promise<AllocationProof> => {
      const p = await fetchData(
        endpoints.blockTrades.draw,
        { id, type: type as 'jpy' },
        { signal, silent: true },
      );
      return {
        commitment: p.commitment,
        entriesCommitment: p.entries_commitment,
        seed: p.seed,
        lots: BigInt(p.lots),
        entries: p.entries.map((e) => ({ id: BigInt(e.id), ref: e.holder, lots: BigInt(e.lots) })),
        results: p.results,
      };
    },
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useAllocationProof = (id: string, type: Currency, enabled: boolean) =>
  useQuery(allocationProofQuery(id, type, enabled));
