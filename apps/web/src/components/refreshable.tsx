import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Pull to refresh with translated prompts and the spec's 50 px head. */
export function Refreshable({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation('shell');
  return (
    <PullToRefresh
      headHeight={50}
      threshold={60}
      onRefresh={async () => {
        await onRefresh();
      }}
      pullingText={t('pull.pulling')}
      canReleaseText={t('pull.release')}
      refreshingText={t('pull.refreshing')}
      completeText={t('pull.complete')}
    >
      {children}
    </PullToRefresh>
  );
}
