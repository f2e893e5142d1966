import { Card, Input, Select, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { EmptyBlock, ErrorBlock } from './states.tsx';

/** What a list card needs of its query: the rows under `list`, the loading and error states, a retry. */
export interface ListQuery {
  data?: { list?: unknown } | undefined;
  isError: boolean;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A card holding one filtered list: its filters in the card's header (`extra`), the rows as a table,
 * the error with a retry when the first load failed, and an explicit empty state.
 */
export function ListCard<R extends object>({
  title,
  extra,
  query,
  rowKey,
  emptyText,
  onRow,
  columns,
}: {
  title: ReactNode;
  extra?: ReactNode;
  query: ListQuery;
  rowKey: TableProps<R>['rowKey'];
  emptyText: ReactNode;
  onRow?: TableProps<R>['onRow'];
  columns: TableColumnsType<R>;
}) {
  return (
    <Card title={title} extra={extra}>
      {query.isError && !query.data ? (
        <ErrorBlock error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <Table<R>
          rowKey={rowKey}
          size="middle"
          scroll={{ x: 'max-content' }}
          loading={query.isPending}
          dataSource={(query.data?.list ?? []) as R[]}
          locale={{ emptyText: <EmptyBlock description={emptyText} /> }}
          onRow={onRow}
          pagination={false}
          columns={columns}
        />
      )}
    </Card>
  );
}

/**
 * The filters of a list of users' entries under a parent (a product's stakes, an offering's
 * subscriptions): the parent's id (digits only), the account (searched on enter), the status.
 */
export function EntryFilters<S extends string>({
  idPlaceholder,
  id,
  onId,
  accountPlaceholder,
  onAccount,
  status,
  onStatus,
  statuses,
  statusLabel,
}: {
  idPlaceholder: string;
  id: string;
  onId: (id: string) => void;
  accountPlaceholder: string;
  onAccount: (account: string) => void;
  status: S;
  onStatus: (status: S) => void;
  statuses: readonly S[];
  statusLabel: (status: S) => string;
}) {
  return (
    <Space wrap>
      <Input
        allowClear
        placeholder={idPlaceholder}
        value={id}
        onChange={(e) => onId(e.target.value.replace(/\D/g, ''))}
        style={{ width: 120 }}
      />
      <Input.Search
        allowClear
        placeholder={accountPlaceholder}
        onSearch={(v) => onAccount(v.trim())}
        style={{ width: 180 }}
      />
      <Select
        value={status}
        onChange={onStatus}
        style={{ width: 140 }}
        options={statuses.map((s) => ({ value: s, label: statusLabel(s) }))}
      />
    </Space>
  );
}
