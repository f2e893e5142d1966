import { MARKETS, type Market } from '@kabuto/domain';
import { Card, Flex, Tag, Typography } from 'antd';
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
    <Card title={t('marginBorrow.shortable')} data-testid="shortable-card">
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
            {MARKETS.map((m) => (
              <Flex key={m} wrap gap={8} align="center" data-testid={`shortable-${m}`}>
                <Typography.Text strong style={{ minWidth: 40 }}>
                  {m.toUpperCase()}
                </Typography.Text>
                <Flex wrap gap={6} align="center">
                  <Typography.Text>{t('marginBorrow.eligible')}</Typography.Text>
                  {symbols(m, 'eligible')}
                </Flex>
                <Flex wrap gap={6} align="center">
                  <Typography.Text>{t('marginBorrow.excluded')}</Typography.Text>
                  {symbols(m, 'excluded')}
                </Flex>
              </Flex>
            ))}
            <Typography.Text type="secondary">
              {t('marginBorrow.listRaw', { setting: MARGIN_LIST_SETTING })}
            </Typography.Text>
            <Link
              to={ROUTES.config}
              data-testid="shortable-edit"
              style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, alignSelf: 'flex-start' }}
            >
              {t('marginBorrow.editList')}
            </Link>
          </>
        )}
      </Flex>
    </Card>
  );
}
