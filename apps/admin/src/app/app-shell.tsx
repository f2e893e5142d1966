import { Button, Flex, Result } from 'antd';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { LoadingBlock } from '../components/states.tsx';
import { useLogout } from '../features/auth/api/use-logout.ts';
import { useMe } from '../features/auth/api/use-me.ts';
import { isApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { OperatorContext } from '../lib/operator.tsx';
import { ROUTES } from '../lib/routes.ts';
import { getToken } from '../lib/session.ts';
import { AdminLayout } from './admin-layout.tsx';

/** Signed-in area: no token → login; then `/auth/me` decides the role (and so the menu). */
export function AppShell() {
  const location = useLocation();
  const navigate = useNavigate();
  const me = useMe();
  const logout = useLogout();
  const { t, error } = useI18n();
  const token = getToken();

  if (!token || (isApiError(me.error) && me.error.kind === 'unauthorized')) {
    return <Navigate to={ROUTES.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (me.isPending) {
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
        <LoadingBlock />
      </Flex>
    );
  }
  if (me.isError) {
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
        <Result
          status="error"
          title={t('common.loadFailed')}
          subTitle={error(me.error)}
          extra={[
            <Button key="retry" type="primary" onClick={() => me.refetch()}>
              {t('common.retry')}
            </Button>,
            <Button
              key="logout"
              onClick={() =>
                logout.mutate(undefined, { onSettled: () => navigate(ROUTES.login, { replace: true }) })
              }
            >
              {t('nav.logout')}
            </Button>,
          ]}
        />
      </Flex>
    );
  }
  return (
    <OperatorContext.Provider value={me.data}>
      <AdminLayout />
    </OperatorContext.Provider>
  );
}
