import { securityApi } from '@kabuto/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Table, Typography } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError, call } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useI18n } from '../../../lib/i18n.tsx';

const KEY = ['operator', 'passkeys'] as const;

/** The signed-in operator's passkeys; adding one makes it the second step of every later sign-in. */
export function Component() {
  const { t, error } = useI18n();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const list = useQuery({ queryKey: KEY, queryFn: () => call(securityApi.operatorPasskeys, {}) });
  const add = useMutation({
    mutationFn: async (label: string) => {
      const { options } = await call(securityApi.operatorPasskeyOptions, {});
      const { startRegistration } = await import('@simplewebauthn/browser');
      let credential: unknown;
      try {
        credential = await startRegistration({ optionsJSON: options as never });
      } catch {
        throw new ApiError('refusal', 'security.passkeyFailed');
      }
      return call(securityApi.operatorPasskeyAdd, { name: label, credential: credential as never });
    },
    onSuccess: () => {
      setName('');
      void qc.invalidateQueries({ queryKey: KEY });
    },
  });

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('passkeys.title')} />
      <Typography.Paragraph type="secondary">{t('passkeys.note')}</Typography.Paragraph>
      {add.error && <Alert type="error" showIcon title={error(add.error)} data-testid="passkey-error" />}
      {add.isSuccess && <Alert type="success" showIcon title={t('passkeys.added')} />}
      <Card>
        <Flex gap={8} wrap>
          <Input
            style={{ maxWidth: 280 }}
            placeholder={t('passkeys.name')}
            value={name}
            maxLength={40}
            onChange={(e) => setName(e.target.value)}
            data-testid="passkey-name"
          />
          <Button
            type="primary"
            loading={add.isPending}
            disabled={!name.trim()}
            onClick={() => add.mutate(name.trim())}
            data-testid="passkey-add"
          >
            {t('passkeys.add')}
          </Button>
        </Flex>
      </Card>
      <Table
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        data-testid="passkey-table"
        columns={[
          { title: t('passkeys.name'), dataIndex: 'name' },
          {
            title: t('passkeys.created'),
            dataIndex: 'create_time',
            render: (v: number) => formatDateTime(v),
          },
          {
            title: t('passkeys.lastUsed'),
            dataIndex: 'last_used',
            render: (v: number | null) => (v ? formatDateTime(v) : '—'),
          },
        ]}
      />
    </Flex>
  );
}
