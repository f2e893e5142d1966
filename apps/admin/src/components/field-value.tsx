import { ISO_CODE, isCurrency } from '@kabuto/domain';
import { Descriptions, Space, Tag, Typography } from 'antd';
import { formatAmount, formatDateTime, humanizeKey, toUnits } from '../lib/format.ts';
import { useI18n } from '../lib/i18n.tsx';
import {
  isBlank,
  isDateField,
  isImageField,
  isMoneyField,
  isPlainObject,
  isStatusField,
  orderKeys,
} from '../lib/record-fields.ts';
import { reviewStatus, statusColor } from '../lib/status.ts';
import { AuthImage } from './auth-image.tsx';

const KYC_CODES: Record<string, string> = { '0': 'none', '1': 'verified', '2': 'rejected', '3': 'review' };

/** The label of a field: a translation when there is one, else the key made readable. */
export function useFieldLabel(): (key: string) => string {
  const { maybe } = useI18n();
  return (key) => maybe(`field.${key}`) ?? humanizeKey(key);
}

/** A status or state value as a coloured tag, translated when known. */
export function StatusTag({ value }: { value: unknown }) {
  const { maybe } = useI18n();
  const raw = String(value);
  const review = reviewStatus(value);
  const label =
    maybe(`status.${raw.toLowerCase()}`) ?? (review ? maybe(`status.${review}`) : undefined) ?? raw;
  return (
    <Tag color={statusColor(value)} data-testid="status-tag" data-status={raw}>
      {label}
    </Tag>
  );
}

/** One value of a generic record, rendered by what its key says it is. */
export function FieldValue({
  name,
  value,
  currency,
  depth = 0,
}: {
  name: string;
  value: unknown;
  currency?: string;
  depth?: number;
}) {
  const { t, maybe } = useI18n();
  const label = useFieldLabel();
  if (isBlank(value)) return <Typography.Text type="secondary">—</Typography.Text>;
  if (isImageField(name) && typeof value === 'string') return <AuthImage value={value} label={label(name)} />;
  if (name === 'currency' && typeof value === 'string' && isCurrency(value))
    return <span>{ISO_CODE[value]}</span>;
  if (name === 'is_true' && (typeof value === 'number' || typeof value === 'string')) {
    // the user API's verification code: 0 none, 1 verified, 2 rejected, 3 under review
    const kyc = KYC_CODES[String(value)];
    return kyc ? <StatusTag value={kyc} /> : <span>{String(value)}</span>;
  }
  if (isStatusField(name) && (typeof value === 'string' || typeof value === 'number')) {
    return <StatusTag value={value} />;
  }
  if (typeof value === 'boolean') {
    return <Tag color={value ? 'green' : 'default'}>{value ? t('common.yes') : t('common.no')}</Tag>;
  }
  if (isDateField(name) && (typeof value === 'number' || typeof value === 'string')) {
    return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</span>;
  }
  if (isMoneyField(name) && (typeof value === 'number' || typeof value === 'string')) {
    return (
      <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {formatAmount(value, currency)}
      </span>
    );
  }
  if (
    isCurrency(name) &&
    (typeof value === 'number' || typeof value === 'string') &&
    toUnits(value) !== null
  ) {
    return (
      <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {formatAmount(value, name)}
      </span>
    );
  }
  if (Array.isArray(value)) {
    if (value.every((v) => !isPlainObject(v))) {
      return (
        <Space size={[4, 4]} wrap>
          {value.map((v, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: primitive list without ids
            <Tag key={i}>{String(v)}</Tag>
          ))}
        </Space>
      );
    }
    return <Typography.Text type="secondary">{t('common.items', { count: value.length })}</Typography.Text>;
  }
  if (isPlainObject(value)) {
    if (depth > 1) return <Typography.Text code>{JSON.stringify(value)}</Typography.Text>;
    const keys = orderKeys([value]);
    return (
      <Descriptions
        size="small"
        column={1}
        colon={false}
        styles={{ label: { color: '#8c8c8c', paddingBottom: 0 }, content: { paddingBottom: 0 } }}
        items={keys.map((k) => ({
          key: k,
          label: label(k),
          children: <FieldValue name={k} value={value[k]} currency={currency} depth={depth + 1} />,
        }))}
      />
    );
  }
  const text = String(value);
  // a coded value with a translation of its own (a margin application's answers: `value.assets.over10m`)
  const coded = maybe(`value.${name}.${text}`);
  if (coded) return <span>{coded}</span>;
  if (text.length > 80) {
    return (
      <Typography.Paragraph
        ellipsis={{ rows: 2, expandable: 'collapsible' }}
        style={{ margin: 0, maxWidth: 360 }}
      >
        {text}
      </Typography.Paragraph>
    );
  }
  return <span>{text}</span>;
}
