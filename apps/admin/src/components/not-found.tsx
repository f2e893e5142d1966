import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useI18n } from '../lib/i18n.tsx';
import { ROUTES } from '../lib/routes.ts';

export function NotFound() {
  const { t } = useI18n();
  return (
    <Result
      status="404"
      title={t('common.notFound')}
      data-testid="not-found"
      extra={
        <Link to={ROUTES.dashboard}>
          <Button type="primary">{t('common.backHome')}</Button>
        </Link>
      }
    />
  );
}
