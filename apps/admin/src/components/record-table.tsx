import { Table, type TableColumnsType } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { orderKeys, recordCurrency } from '../lib/record-fields.ts';
import { FieldValue, useFieldLabel } from './field-value.tsx';
import { EmptyBlock } from './states.tsx';

export type Row = Record<string, unknown>;

export const rowId = (row: Row, index?: number): string => {
  const id = row.id ?? row.name ?? row.username;
  return id === undefined || id === null ? `#${index ?? 0}` : String(id);
};

/**
 * A table for rows whose shape the contract leaves open: columns from the rows' own keys, known fields
 * first, images as zoomable thumbnails, dates and amounts formatted.
 */
export function RecordTable({
  rows,
  loading,
  total,
  page,
  pageSize,
  onPageChange,
  hidden = [],
  actions,
  emptyText,
  testId,
  rowTestId,
  size = 'middle',
  clientPageSize,
}: {
  rows: Row[];
  loading?: boolean;
  total?: number;
  page?: number;
  pageSize?: number;
  onPageChange?: (page: number, pageSize: number) => void;
  hidden?: readonly string[];
  actions?: { title: ReactNode; width?: number; render: (row: Row) => ReactNode };
  emptyText?: ReactNode;
  testId?: string;
  rowTestId?: string;
  size?: 'small' | 'middle';
  /** Page locally (rows already all here) when there are more than this many. */
  clientPageSize?: number;
}) {
  const label = useFieldLabel();
  if (rows.length === 0 && !loading) {
    // no columns to show without rows: an explicit empty state instead of a header-only table
    return (
      <div data-testid={testId} style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: '32px 0' }}>
        <EmptyBlock description={emptyText} />
      </div>
    );
  }
  const keys = orderKeys(rows, hidden);
  const columns: TableColumnsType<Row> = keys.map((k) => ({
    key: k,
    dataIndex: k,
    title: label(k),
    render: (_: unknown, row: Row) => <FieldValue name={k} value={row[k]} currency={recordCurrency(row)} />,
    ellipsis: false,
  }));
  if (actions) {
    columns.push({
      key: '__actions',
      title: actions.title,
      fixed: 'right',
      width: actions.width,
      render: (_: unknown, row: Row) => actions.render(row),
    });
  }
  return (
    <Table<Row>
      data-testid={testId}
      size={size}
      rowKey={(row) => rowId(row)}
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <EmptyBlock description={emptyText} /> }}
      onRow={(row) => ({ 'data-testid': rowTestId, 'data-id': rowId(row) }) as HTMLAttributes<HTMLElement>}
      pagination={
        onPageChange
          ? {
              current: page,
              pageSize,
              total,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              onChange: onPageChange,
            }
          : clientPageSize && rows.length > clientPageSize
            ? { pageSize: clientPageSize, showSizeChanger: false, size: 'small' }
            : false
      }
    />
  );
}
