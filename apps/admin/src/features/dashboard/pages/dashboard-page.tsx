import { Button, Col, Flex, Row, Typography } from 'antd';
import { InboxIcon, RefreshIcon } from '../../../components/icons.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/states.tsx';
import { useQueueCounts } from '../../../lib/api/use-queue-counts.ts';
import { formatDateTime, humanizeKey } from '../../../lib/format.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { otherCounts, QUEUES, queueCount } from '../../../lib/queues.ts';
import { ROUTES } from '../../../lib/routes.ts';
import { QueueCountCard } from '../components/queue-count-card.tsx';

export function DashboardPage() {
  const { t, maybe } = useI18n();
  const counts = useQueueCounts();
  const total = QUEUES.reduce((sum, q) => sum + (queueCount(counts.data, q) ?? 0), 0);

  return (
    <div data-testid="dashboard-page">
      <PageHeader
        title={t('dashboard.title')}
        subtitle={
          counts.dataUpdatedAt
            ? t('dashboard.updatedAt', { time: formatDateTime(counts.dataUpdatedAt) })
            : t('dashboard.autoRefresh')
        }
        extra={
          <Button
            icon={<RefreshIcon />}
            loading={counts.isFetching}
            onClick={() => counts.refetch()}
            data-testid="dashboard-refresh"
          >
            {t('common.refresh')}
          </Button>
        }
      />
      {counts.isPending ? (
        <LoadingBlock />
      ) : counts.isError ? (
        <ErrorBlock error={counts.error} onRetry={() => counts.refetch()} />
      ) : (
        <Flex vertical gap={16}>
          <Typography.Text data-testid="dashboard-total">
            {total > 0 ? t('dashboard.totalWaiting', { count: total }) : t('dashboard.allClear')}
          </Typography.Text>
          <Row gutter={[16, 16]}>
            {QUEUES.map((q) => (
              <Col key={q} xs={24} sm={12} xl={6}>
                <QueueCountCard
                  name={q}
                  title={t(`queue.${q}`)}
                  count={queueCount(counts.data, q)}
                  to={ROUTES.queue(q)}
                  icon={<InboxIcon />}
                />
              </Col>
            ))}
            {otherCounts(counts.data).map(([k, v]) => (
              <Col key={k} xs={24} sm={12} xl={6}>
                <QueueCountCard name={k} title={maybe(`queue.${k}`) ?? humanizeKey(k)} count={v} />
              </Col>
            ))}
          </Row>
        </Flex>
      )}
    </div>
  );
}
