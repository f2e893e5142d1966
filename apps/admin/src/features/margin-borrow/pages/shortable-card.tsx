import { MARKETS, type Market } from '@kabuto/domain';
import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { ErrorBlock, LoadingBlock } from '../../../components/states.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { useOperator } from '../../../lib/operator.tsx';
import { canSee } from '../../../lib/roles.ts';
import { ROUTES } from '../../../lib/routes.ts';
import { useSettings } from '../api/use-margin-borrow.ts';

/** The setting that holds the operator's shortable list: additions to and removals from the defaults. */
export const MARGIN_LIST_SETTING = 'trading_margin_list';

type MarginList = Partial<Record<Market, { eligible?: string[]; excluded?: string[] }>>;

function parseList(value: string | undefined): MarginList | null {
  if (!value) return null;
  try {
    const v = JSON.parse(value) as unknown;
    return v && typeof v === 'object' ? (v as MarginList) : null;
  } catch {
    return null;
  }
}

/**
 * Which stocks may be sold short: the defaults said in words, and the operator's list per market. The
 * list is a setting, edited as JSON on the settings page; only an administrator reads and changes it.
 */
export function ShortableCard() {
  const { t } = useI18n();
  const operator = useOperator();
  const admin = canSee(operator?.role, 'config');
  const settings = useSettings(admin);
  const list = parseList(settings.data?.find((s) => s.name === MARGIN_LIST_SETTING)?.value);

  const symbols = (market: Market, kind: 'eligible' | 'excluded') => {
    const items = list?.[market]?.[kind] ?? [];
    if (!items.length) return <Typography.Text type="secondary">{t('marginBorrow.none')}</Typography.Text>;
    return (
      <Flex wrap gap={4} data-testid={`shortable-${market}-${kind}`}>
        {items.map((s) => (
          <Tag key={s} color={kind === 'eligible' ? 'green' : 'red'} style={{ marginInlineEnd: 0 }}>
            {s}
          </Tag>
        ))}
      </Flex>
    );
  };

  return (
    <Card
      title={t('marginBorrow.shortable')}
      extra={
        admin ? (
          <Link
            to={ROUTES.config}
            data-testid="shortable-edit"
            style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
          >
            {t('marginBorrow.editList')}
          </Link>
        ) : undefined
      }
      data-testid="shortable-card"
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('marginBorrow.shortableHint')}</Typography.Text>
        {!admin ? (
          <Typography.Text data-testid="shortable-admin-only">
            {t('marginBorrow.listAdminOnly')}
          </Typography.Text>
        ) : settings.isError && !settings.data ? (
          <ErrorBlock error={settings.error} onRetry={() => settings.refetch()} />
        ) : settings.isPending ? (
          <LoadingBlock minHeight={80} />
        ) : (
          <>
            <Descriptions
              bordered
              size="small"
              column={1}
              items={MARKETS.flatMap((m) => [
                {
                  key: `${m}-eligible`,
                  label: `${m.toUpperCase()} ${t('marginBorrow.eligible')}`,
                  children: symbols(m, 'eligible'),
                },
                {
                  key: `${m}-excluded`,
                  label: `${m.toUpperCase()} ${t('marginBorrow.excluded')}`,
                  children: symbols(m, 'excluded'),
                },
              ])}
            />
            <Typography.Text type="secondary">
              {t('marginBorrow.listRaw', { setting: MARGIN_LIST_SETTING })}
            </Typography.Text>
          </>
        )}
      </Flex>
    </Card>
  );
}
