import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noticesQuery, noticesScreenQuery } from './use-notices.ts';

type Notices = Awaited<ReturnType<NonNullable<ReturnType<typeof noticesQuery>['queryFn']>>>;

const cached = [{ id: 1, title: 'Welcome', read: false }] as unknown as Notices;
const fresh = [{ id: 2, title: 'Support answer', read: false }, ...cached] as unknown as Notices;

/** A cache that, like the app's, holds a list read a moment ago and treats it as fresh for 30 s. */
function clientWithCachedList(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  client.setQueryData(noticesQuery().queryKey, cached);
  return client;
}

/** Opens a screen reading `options`; returns what it shows first and the list afterwards. */
async function open(client: QueryClient, options: ReturnType<typeof noticesQuery>) {
  const queryFn = vi.fn(async () => fresh);
  const observer = new QueryObserver(client, { ...options, queryFn });
  const unsubscribe = observer.subscribe(() => {});
  const first = observer.getCurrentResult().data;
  await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
  const after = observer.getCurrentResult().data;
  unsubscribe();
  return { queryFn, first, after };
}

let client: QueryClient | undefined;
afterEach(() => client?.clear());

describe('the messages screen', () => {
  it('asks for the list again when it opens, showing the cached rows meanwhile', async () => {
    client = clientWithCachedList();
    const { queryFn, first, after } = await open(client, noticesScreenQuery());
    expect(first).toEqual(cached);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(after).toEqual(fresh);
  });

  it('shares its cache with the unread badges, which do not ask again while the list is fresh', async () => {
    expect(noticesScreenQuery().queryKey).toEqual(noticesQuery().queryKey);
    client = clientWithCachedList();
    const { queryFn, after } = await open(client, noticesQuery());
    expect(queryFn).not.toHaveBeenCalled();
    expect(after).toEqual(cached);
  });
});
