import { Badge, Button, Flex, Layout, Menu, type MenuProps, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import {
  AuditIcon,
  BlockIcon,
  DashboardIcon,
  InboxIcon,
  LogoutIcon,
  ScaleIcon,
  SettingsIcon,
  ShieldIcon,
  UsersIcon,
} from '../components/icons.tsx';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { useLogout } from '../features/auth/api/use-logout.ts';
import { useQueueCounts } from '../lib/api/use-queue-counts.ts';
import { useI18n } from '../lib/i18n.tsx';
import { useOperator } from '../lib/operator.tsx';
import { QUEUES, queueCount } from '../lib/queues.ts';
import { canSee, type Section } from '../lib/roles.ts';
import { ROUTES } from '../lib/routes.ts';

type Item = Required<MenuProps>['items'][number];

const ROLE_COLOR = { reviewer: 'cyan', operator: 'blue', admin: 'purple' } as const;

/** The menu key for the current location (queues/<name> selects that queue). */
function selectedKey(pathname: string): string {
  if (pathname === '/' || pathname === '') return 'dashboard';
  const parts = pathname.split('/').filter(Boolean);
  return parts[0] === 'queues' && parts[1] ? `queue-${parts[1]}` : parts[0];
}

export function AdminLayout() {
  const { t } = useI18n();
  const operator = useOperator();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const [collapsed, setCollapsed] = useState(false);
  const role = operator?.role;
  const counts = useQueueCounts();

  const link = (key: string, to: string, label: ReactNode, icon?: ReactNode): Item => ({
    key,
    icon,
    label: (
      <Link to={to} data-testid={`nav-${key}`}>
        {label}
      </Link>
    ),
  });
  const section = (s: Section, to: string, icon: ReactNode): Item | null =>
    canSee(role, s) ? link(s, to, t(`nav.${s}`), icon) : null;

  const items: Item[] = [
    section('dashboard', ROUTES.dashboard, <DashboardIcon />),
    canSee(role, 'queues')
      ? {
          key: 'queues',
          icon: <InboxIcon />,
          label: t('nav.queues'),
          children: QUEUES.map((q) => {
            const n = queueCount(counts.data, q) ?? 0;
            return link(
              `queue-${q}`,
              ROUTES.queue(q),
              <Flex justify="space-between" align="center" gap={8} style={{ paddingInlineEnd: 4 }}>
                <span>{t(`queue.${q}`)}</span>
                {n > 0 && <Badge count={n} overflowCount={99} size="small" data-testid={`nav-badge-${q}`} />}
              </Flex>,
            );
          }),
        }
      : null,
    canSee(role, 'support')
      ? link(
          'support',
          ROUTES.support,
          <Flex justify="space-between" align="center" gap={8} style={{ paddingInlineEnd: 4 }}>
            <span>{t('nav.support')}</span>
            {(counts.data?.support ?? 0) > 0 && (
              <Badge
                count={counts.data?.support}
                overflowCount={99}
                size="small"
                data-testid="nav-badge-support"
              />
            )}
          </Flex>,
          <AuditIcon />,
        )
      : null,
    section('users', ROUTES.users, <UsersIcon />),
    section('newShares', ROUTES.newShares, <ScaleIcon />),
    section('block', ROUTES.block, <BlockIcon />),
    section('products', ROUTES.products, <ScaleIcon />),
    section('lending', ROUTES.lending, <ScaleIcon />),
    section('marginCalls', ROUTES.marginCalls, <ScaleIcon />),
    section('marginBorrow', ROUTES.marginBorrow, <ScaleIcon />),
    section('calendar', ROUTES.calendar, <SettingsIcon />),
    section('audit', ROUTES.audit, <AuditIcon />),
    section('config', ROUTES.config, <SettingsIcon />),
    section('reconcile', ROUTES.reconcile, <ScaleIcon />),
    section('jobs', ROUTES.jobs, <SettingsIcon />),
    section('operators', ROUTES.operators, <ShieldIcon />),
    operator ? link('passkeys', ROUTES.passkeys, t('nav.passkeys'), <ShieldIcon />) : null,
  ].filter((i): i is Item => i !== null);

  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="admin-layout" data-role={role}>
      {/* narrower than a tablet (a phone at 375 px), the menu starts folded to its icons */}
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        breakpoint="md"
        onBreakpoint={setCollapsed}
        width={232}
      >
        <Flex
          align="center"
          gap={10}
          style={{ height: 64, padding: collapsed ? '0 20px' : '0 20px', color: '#fff', overflow: 'hidden' }}
        >
          <div
            style={{
              flex: 'none',
              width: 32,
              height: 32,
              borderRadius: 8,
              background: '#ffc629',
              color: '#0f2340',
              display: 'grid',
              placeItems: 'center',
              fontWeight: 700,
              fontSize: 18,
            }}
          >
            兜
          </div>
          {!collapsed && (
            <span style={{ fontWeight: 600, whiteSpace: 'nowrap', fontSize: 15 }}>{t('app.name')}</span>
          )}
        </Flex>
        <Menu
          theme="dark"
          mode="inline"
          style={{ background: 'transparent', borderInlineEnd: 0, paddingInline: 4 }}
          selectedKeys={[selectedKey(location.pathname)]}
          defaultOpenKeys={['queues']}
          items={items}
          data-testid="nav-menu"
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            padding: '0 24px',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'flex-end',
            gap: 16,
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <LanguageSwitch />
          {operator && (
            <Flex align="center" gap={6}>
              <Typography.Text strong data-testid="operator-name">
                {operator.username}
              </Typography.Text>
              <Tag
                color={ROLE_COLOR[operator.role]}
                data-testid="operator-role"
                style={{ marginInlineEnd: 0 }}
              >
                {t(`role.${operator.role}`)}
              </Tag>
            </Flex>
          )}
          <Button
            icon={<LogoutIcon />}
            loading={logout.isPending}
            data-testid="logout-button"
            onClick={() =>
              logout.mutate(undefined, { onSettled: () => navigate(ROUTES.login, { replace: true }) })
            }
          >
            {t('nav.logout')}
          </Button>
        </Layout.Header>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
