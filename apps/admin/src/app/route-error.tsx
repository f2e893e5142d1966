import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';
import { useI18n } from '../lib/i18n.tsx';

/** A screen that failed to load (e.g. its chunk after a deploy) or threw while rendering. */
export function RouteError() {
  const { t } = useI18n();
  const err = useRouteError();
  return (
    <Result
      status="error"
      title={t('common.screenFailed')}
      subTitle={err instanceof Error ? err.message : undefined}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}
