import { copyTradeApi } from '@kabuto/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';

/** POST /product/list: products with their constituents, NAV and amounts raised. */
export const productsQuery = (params: BodyIn<typeof copyTradeApi.adminProducts>) =>
  queryOptions({
    queryKey: ['admin', 'products', 'list', params],
    queryFn: ({ signal }) => call(copyTradeApi.adminProducts, params, { signal }),
    placeholderData: keepPreviousData,
  });
export const useProducts = (params: BodyIn<typeof copyTradeApi.adminProducts>) =>
  useQuery(productsQuery(params));

/** POST /product/stakes: stakes filtered by product, status or account, each product named in the operator's language. */
export function useStakes(params: Omit<BodyIn<typeof copyTradeApi.adminStakes>, 'lang'>) {
  const { lang } = useI18n();
  return useQuery({
    queryKey: ['admin', 'products', 'stakes', params, lang],
    queryFn: ({ signal }) => call(copyTradeApi.adminStakes, { ...params, lang }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /product/rebalances: one product's rebalances (who, when, why, before and after). */
export const useRebalances = (id: string) =>
  useQuery({
    queryKey: ['admin', 'products', 'rebalances', id],
    queryFn: ({ signal }) => call(copyTradeApi.adminRebalances, { id, page: 1, size: 50 }, { signal }),
    enabled: id !== '',
  });

/** Create, edit, rebalance; every one is audited by the server. None sets a NAV or a profit. */
export function useProductAction() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: ['admin', 'products'] });
  return {
    create: useMutation({
      mutationFn: (b: BodyIn<typeof copyTradeApi.adminCreateProduct>) =>
        call(copyTradeApi.adminCreateProduct, b),
      onSuccess: done,
    }),
    edit: useMutation({
      mutationFn: (b: BodyIn<typeof copyTradeApi.adminEditProduct>) => call(copyTradeApi.adminEditProduct, b),
      onSuccess: done,
    }),
    rebalance: useMutation({
      mutationFn: (b: BodyIn<typeof copyTradeApi.adminRebalance>) => call(copyTradeApi.adminRebalance, b),
      onSuccess: done,
    }),
  };
}
