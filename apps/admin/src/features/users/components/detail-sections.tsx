import { isCurrency } from '@kabuto/domain';
import { Card, Flex, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useFieldLabel } from '../../../components/field-value.tsx';
import { RecordDescriptions } from '../../../components/record-descriptions.tsx';
import { RecordTable, type Row } from '../../../components/record-table.tsx';
import { EmptyBlock } from '../../../components/states.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { isPlainObject } from '../../../lib/record-fields.ts';

/** Sections in the order an operator reads them; anything else the server sends follows. */
const SECTION_ORDER = [
  'user',
  'profile',
  'wallets',
  'balances',
  'loan_limits',
  'kyc',
  'cards',
  'bank_cards',
  'loans',
  'ledger',
  'transfers',
  'history',
  'ledger_history',
  'records',
  'invite_code',
  'inviter',
  'invitees',
];

const orderSections = (keys: string[]) => {
  const known = SECTION_ORDER.filter((k) => keys.includes(k));
  return [...known, ...keys.filter((k) => !SECTION_ORDER.includes(k))];
};

/** An object whose values are all objects (e.g. wallets by currency) reads best as a table. */
const asRows = (value: Record<string, unknown>): Row[] | null => {
  const entries = Object.entries(value);
  if (entries.length === 0 || !entries.every(([, v]) => isPlainObject(v))) return null;
  // wallets keyed by currency read as a currency column (which also formats their amounts)
  const byCurrency = entries.every(([k]) => isCurrency(k));
  return entries.map(([k, v]) => (byCurrency ? { currency: k, ...(v as Row) } : { key: k, ...(v as Row) }));
};

/**
 * Whatever `/users/detail` returns, one section per key: plain values together in an overview, objects
 * as label/value lists, lists as tables, empty lists as an explicit "none".
 */
export function DetailSections({ detail }: { detail: Record<string, unknown> }) {
  const { maybe } = useI18n();
  const label = useFieldLabel();
  const title = (k: string) => maybe(`section.${k}`) ?? label(k);
  const plain = Object.fromEntries(
    Object.entries(detail).filter(([, v]) => !isPlainObject(v) && !Array.isArray(v)),
  );
  const sections = orderSections(
    Object.keys(detail).filter((k) => isPlainObject(detail[k]) || Array.isArray(detail[k])),
  );

  return (
    <Flex vertical gap={16} data-testid="user-detail-sections">
      {Object.keys(plain).length > 0 && (
        <Card size="small" title={maybe('section.overview')} data-testid="user-section-overview">
          <RecordDescriptions record={plain} column={2} />
        </Card>
      )}
      {sections.map((k) => {
        const value = detail[k];
        let body: ReactNode;
        if (Array.isArray(value)) {
          if (value.length === 0) body = <EmptyBlock />;
          else if (value.every(isPlainObject)) {
            body = <RecordTable rows={value as Row[]} size="small" clientPageSize={10} />;
          } else {
            body = (
              <Space size={[4, 4]} wrap>
                {value.map((v) => (
                  <Tag key={String(v)}>{String(v)}</Tag>
                ))}
              </Space>
            );
          }
        } else {
          const rows = asRows(value as Record<string, unknown>);
          body = rows ? (
            <RecordTable rows={rows} size="small" />
          ) : Object.keys(value as object).length === 0 ? (
            <EmptyBlock />
          ) : (
            <RecordDescriptions record={value as Record<string, unknown>} column={2} />
          );
        }
        return (
          <Card
            key={k}
            size="small"
            title={title(k)}
            data-testid={`user-section-${k}`}
            extra={Array.isArray(value) ? <Tag>{value.length}</Tag> : undefined}
          >
            {body}
          </Card>
        );
      })}
    </Flex>
  );
}
