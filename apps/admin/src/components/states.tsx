import { Button, Empty, Flex, Result, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { isApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';

/** Loading: a centred spinner with a label, so a slow call never looks like an empty screen. */
export function LoadingBlock({ minHeight = 200 }: { minHeight?: number }) {
  const { t } = useI18n();
  return (
    <Flex data-testid="state-loading" vertical align="center" justify="center" gap={8} style={{ minHeight }}>
      <Spin />
      <Typography.Text type="secondary">{t('common.loading')}</Typography.Text>
    </Flex>
  );
}

/** A failed call: the translated reason, and a retry when the caller can retry. */
export function ErrorBlock({
  error,
  onRetry,
  extra,
}: {
  error: unknown;
  onRetry?: () => void;
  extra?: ReactNode;
}) {
  const { t, error: describe } = useI18n();
  const forbidden = isApiError(error) && error.kind === 'forbidden';
  return (
    <Result
      data-testid="state-error"
      status={forbidden ? '403' : 'error'}
      title={forbidden ? t('common.forbidden') : t('common.loadFailed')}
      subTitle={describe(error)}
      extra={
        <>
          {onRetry && !forbidden && (
            <Button type="primary" onClick={onRetry} data-testid="state-retry">
              {t('common.retry')}
            </Button>
          )}
          {extra}
        </>
      }
    />
  );
}

export function EmptyBlock({ description }: { description?: ReactNode }) {
  const { t } = useI18n();
  return (
    <Empty
      data-testid="state-empty"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={description ?? t('common.empty')}
    />
  );
}
