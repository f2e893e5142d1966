import { Card, Table, type TableColumnsType, type TableProps } from 'antd';
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
