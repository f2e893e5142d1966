import { Alert, Button, Card, Flex, Tag, Typography } from 'antd';
import { ScaleIcon } from '../../../components/icons.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { EmptyBlock, ErrorBlock } from '../../../components/states.tsx';
import { formatDateTime, humanizeKey } from '../../../lib/format.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useReconcile } from '../api/use-reconcile.ts';

export function ReconcilePage() {
  const { t, maybe } = useI18n();
  const run = useReconcile();
  const report = run.data;
  const failed = report ? report.checks.filter((c) => !c.ok).length : 0;

  return (
    <div data-testid="reconcile-page">
      <PageHeader
        title={t('reconcile.title')}
        subtitle={t('reconcile.subtitle')}
        extra={
          <Button
            type="primary"
            icon={<ScaleIcon />}
            loading={run.isPending}
            onClick={() => run.mutate()}
            data-testid="reconcile-run"
          >
            {report ? t('reconcile.runAgain') : t('reconcile.run')}
          </Button>
        }
      />
      <Card>
        {run.isError ? (
          <ErrorBlock error={run.error} onRetry={() => run.mutate()} />
        ) : !report ? (
          <EmptyBlock description={run.isPending ? t('reconcile.running') : t('reconcile.notRun')} />
        ) : (
          <Flex vertical gap={16} data-testid="reconcile-result" data-ok={String(report.ok)}>
            <Alert
              type={report.ok ? 'success' : 'error'}
              showIcon
              title={report.ok ? t('reconcile.allOk') : t('reconcile.someFailed', { count: failed })}
              description={t('reconcile.checkedAt', {
                time: formatDateTime(report.checkedAt),
                count: report.checks.length,
              })}
            />
            {report.checks.length === 0 ? (
              <EmptyBlock description={t('reconcile.noChecks')} />
            ) : (
              <Flex vertical gap={8}>
                {report.checks.map((c) => (
                  <div
                    key={c.name}
                    data-testid={`reconcile-check-${c.name}`}
                    data-ok={String(c.ok)}
                    style={{
                      border: `1px solid ${c.ok ? '#b7eb8f' : '#ffccc7'}`,
                      borderLeft: `4px solid ${c.ok ? '#52c41a' : '#ff4d4f'}`,
                      background: c.ok ? '#f6ffed' : '#fff2f0',
                      borderRadius: 6,
                      padding: '10px 14px',
                    }}
                  >
                    <Flex vertical gap={4}>
                      <Flex align="center" gap={8} wrap>
                        <Tag color={c.ok ? 'success' : 'error'}>
                          {c.ok ? t('reconcile.pass') : t('reconcile.fail')}
                        </Tag>
                        <Typography.Text strong>
                          {maybe(`check.${c.name}`) ?? humanizeKey(c.name)}
                        </Typography.Text>
                        <Typography.Text type="secondary" code>
                          {c.name}
                        </Typography.Text>
                      </Flex>
                      {c.detail && (
                        <Typography.Text
                          type={c.ok ? 'secondary' : 'danger'}
                          style={{ whiteSpace: 'pre-wrap' }}
                        >
                          {c.detail}
                        </Typography.Text>
                      )}
                    </Flex>
                  </div>
                ))}
              </Flex>
            )}
          </Flex>
        )}
      </Card>
    </div>
  );
}
