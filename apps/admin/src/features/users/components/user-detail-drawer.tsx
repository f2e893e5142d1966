import { Button, Card, Col, Drawer, Flex, Row, Tabs, Typography } from 'antd';
import { StatusTag } from '../../../components/field-value.tsx';
import { RefreshIcon } from '../../../components/icons.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/states.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { userSummary, useUserDetail } from '../api/use-user-detail.ts';
import { DetailSections } from './detail-sections.tsx';
import { UserCreditForm } from './user-credit-form.tsx';
import { UserMessageForm } from './user-message-form.tsx';
import { UserStateForm } from './user-state-form.tsx';
import { UserTaxForm } from './user-tax-form.tsx';

/** One user: everything `/users/detail` returns, and the operator's actions on them. */
export function UserDetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useI18n();
  const detail = useUserDetail(id);
  const { account, state, creditScore: score } = userSummary(detail.data);

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={1000}
      destroyOnHidden
      data-testid="user-detail"
      title={
        <Flex align="center" gap={8} wrap>
          <span>{t('users.detailTitle', { id: id ?? '' })}</span>
          {account !== undefined && <Typography.Text strong>{String(account)}</Typography.Text>}
          {state !== undefined && <StatusTag value={state} />}
        </Flex>
      }
      extra={
        <Button icon={<RefreshIcon />} loading={detail.isFetching} onClick={() => detail.refetch()}>
          {t('common.refresh')}
        </Button>
      }
    >
      {id === null ? null : detail.isPending ? (
        <LoadingBlock />
      ) : detail.isError ? (
        <ErrorBlock error={detail.error} onRetry={() => detail.refetch()} />
      ) : (
        <Tabs
          items={[
            {
              key: 'details',
              label: <span data-testid="user-tab-details">{t('users.tabDetails')}</span>,
              children: <DetailSections detail={detail.data} />,
            },
            {
              key: 'manage',
              label: <span data-testid="user-tab-manage">{t('users.tabManage')}</span>,
              children: (
                <Row gutter={[16, 16]}>
                  <Col xs={24} lg={12}>
                    <Card size="small" title={t('users.stateCard')}>
                      <UserStateForm id={id} current={state === undefined ? undefined : String(state)} />
                    </Card>
                  </Col>
                  <Col xs={24} lg={12}>
                    <Card size="small" title={t('users.creditCard')}>
                      <UserCreditForm id={id} score={score} />
                    </Card>
                  </Col>
                  <Col xs={24} lg={12}>
                    <Card size="small" title={t('tax.card')}>
                      <UserTaxForm id={id} />
                    </Card>
                  </Col>
                  <Col span={24}>
                    <Card size="small" title={t('users.messageCard')}>
                      <UserMessageForm id={id} />
                    </Card>
                  </Col>
                </Row>
              ),
            },
          ]}
        />
      )}
    </Drawer>
  );
}
