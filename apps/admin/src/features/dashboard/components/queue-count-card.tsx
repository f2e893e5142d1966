import { Card, Flex, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n.tsx';

/** One queue's pending count; the whole card links to the queue. */
export function QueueCountCard({
  name,
  title,
  count,
  to,
  icon,
}: {
  name: string;
  title: string;
  count: number | undefined;
  to?: string;
  icon?: ReactNode;
}) {
  const { t } = useI18n();
  const waiting = (count ?? 0) > 0;
  const card = (
    <Card
      hoverable={Boolean(to)}
      data-testid={`queue-count-${name}`}
      style={{ borderTop: `3px solid ${waiting ? '#faad14' : '#52c41a'}`, height: '100%' }}
    >
      <Flex justify="space-between" align="start">
        <Statistic
          title={title}
          value={count ?? '—'}
          suffix={count === undefined ? undefined : t('dashboard.pendingSuffix')}
          styles={{ content: { color: waiting ? '#d48806' : '#389e0d', fontWeight: 600 } }}
        />
        <span style={{ color: '#8c8c8c' }}>{icon}</span>
      </Flex>
      <Typography.Text type="secondary" data-testid={`queue-count-${name}-value`} data-count={count ?? ''}>
        {count === undefined
          ? t('dashboard.notReported')
          : waiting
            ? t('dashboard.waiting')
            : t('dashboard.clear')}
      </Typography.Text>
    </Card>
  );
  return to ? (
    <Link to={to} style={{ display: 'block', height: '100%' }}>
      {card}
    </Link>
  ) : (
    card
  );
}
