import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { ROUTES } from '../../../lib/routes.ts';
import { getToken } from '../../../lib/session.ts';
import { useLogin } from '../api/use-login.ts';

interface LoginState {
  from?: string;
  expired?: boolean;
}

export function LoginPage() {
  const { t, error } = useI18n();
  const login = useLogin();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as LoginState;
  const target = state.from && state.from !== ROUTES.login ? state.from : ROUTES.dashboard;

  if (getToken() && !login.isPending && !login.isSuccess) return <Navigate to={target} replace />;

  return (
    <Flex
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
        background: 'linear-gradient(160deg, #0f2340 0%, #1f3a5f 45%, #f5f6f8 45.1%)',
      }}
    >
      <Card style={{ width: 400, boxShadow: '0 12px 40px rgba(15,35,64,.18)' }} data-testid="login-card">
        <Flex vertical gap={20}>
          <Flex align="center" justify="space-between">
            <Flex align="center" gap={10}>
              <div
                style={{
                  width: 40,
                  height: 40,
                  borderRadius: 10,
                  background: '#0f2340',
                  color: '#ffc629',
                  display: 'grid',
                  placeItems: 'center',
                  fontSize: 22,
                  fontWeight: 700,
                }}
              >
                兜
              </div>
              <div>
                <Typography.Title level={4} style={{ margin: 0 }}>
                  {t('app.name')}
                </Typography.Title>
                <Typography.Text type="secondary">{t('login.subtitle')}</Typography.Text>
              </div>
            </Flex>
          </Flex>
          <LanguageSwitch />
          {state.expired && !login.error && (
            <Alert type="info" showIcon title={t('login.expired')} data-testid="login-expired" />
          )}
          {login.error && (
            <Alert type="error" showIcon title={error(login.error)} data-testid="login-error" />
          )}
          <Form
            layout="vertical"
            requiredMark={false}
            data-testid="login-form"
            disabled={login.isPending}
            onFinish={(values: { username: string; password: string }) =>
              login.mutate(values, { onSuccess: () => navigate(target, { replace: true }) })
            }
          >
            <Form.Item
              name="username"
              label={t('login.username')}
              rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
            >
              <Input autoComplete="username" autoFocus data-testid="login-username" maxLength={64} />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('login.password')}
              rules={[{ required: true, message: t('login.passwordRequired') }]}
            >
              <Input.Password autoComplete="current-password" data-testid="login-password" maxLength={64} />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              block
              size="large"
              loading={login.isPending}
              data-testid="login-submit"
            >
              {t('login.submit')}
            </Button>
          </Form>
        </Flex>
      </Card>
    </Flex>
  );
}
