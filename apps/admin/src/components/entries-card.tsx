import type { TableColumnsType } from 'antd';
import type { ComponentProps, ReactNode } from 'react';
import { formatDateTime } from '../lib/format.ts';
import { EntryFilters, ListCard, type ListQuery } from './list-card.tsx';

/** A user's entry under a parent, as the lists send it (order number, account, status, creation time). */
export type EntryRow = Record<string, unknown>;

/**
 * The card of users' entries under a parent (a copy-trade product's stakes, a block offering's
 * subscriptions): filtered by the parent's id, the account and the status; each row's order number,
 * parent, account, the kind's own figures, its status and when it was made.
 */
export function EntriesCard<S extends string>({
  title,
  emptyText,
  query,
  filters,
  labels,
  parentKey,
  columns,
  statusOf,
}: {
  title: ReactNode;
  emptyText: ReactNode;
  query: ListQuery;
  filters: ComponentProps<typeof EntryFilters<S>>;
  /** Column titles: the order number, the parent, the account, the status and the time. */
  labels: { order: string; parent: string; account: string; status: string; time: string };
  /** The row's field naming its parent (`product`, `offering_id`). */
  parentKey: string;
  /** The kind's own columns, between the account and the status. */
  columns: TableColumnsType<EntryRow>;
  /** A row's status, as shown. */
  statusOf: (row: EntryRow) => string;
}) {
  return (
    <ListCard<EntryRow>
      title={title}
      extra={<EntryFilters<S> {...filters} />}
      query={query}
      rowKey={(r) => String(r.id)}
      emptyText={emptyText}
      columns={[
        { key: 'order', title: labels.order, dataIndex: 'order_no' },
        { key: 'parent', title: labels.parent, dataIndex: parentKey },
        { key: 'account', title: labels.account, dataIndex: 'account' },
        ...columns,
        { key: 'status', title: labels.status, render: (_: unknown, r: EntryRow) => statusOf(r) },
        {
          key: 'time',
          title: labels.time,
          render: (_: unknown, r: EntryRow) => formatDateTime(Number(r.create_time)),
        },
      ]}
    />
  );
}
