import { Descriptions } from 'antd';
import { orderKeys, recordCurrency } from '../lib/record-fields.ts';
import { FieldValue, useFieldLabel } from './field-value.tsx';

/** One generic record as a bordered list of label / value pairs. */
export function RecordDescriptions({
  record,
  column = 2,
  hidden = [],
  testId,
}: {
  record: Record<string, unknown>;
  column?: number;
  hidden?: readonly string[];
  testId?: string;
}) {
  const label = useFieldLabel();
  const currency = recordCurrency(record);
  return (
    <Descriptions
      data-testid={testId}
      bordered
      size="small"
      column={column}
      items={orderKeys([record], hidden).map((k) => ({
        key: k,
        label: label(k),
        children: <FieldValue name={k} value={record[k]} currency={currency} />,
      }))}
    />
  );
}
