import type { adminApi } from '@kabuto/contract';
import { Alert, App, Button, Flex, Input, Space, Table, Tag, Typography } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { EmptyBlock } from '../../../components/states.tsx';
import type { DataOut } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useConfigSet } from '../api/use-config-set.ts';

type Setting = DataOut<typeof adminApi.configList>[number];

interface Editing {
  name: string;
  value: string;
  reason: string;
  error: unknown;
}

/** A JSON object or array, if the text is one. */
function asJson(text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** JSON settings are edited indented and saved compact; anything else as typed. */
const forEditing = (v: string) => {
  const json = asJson(v);
  return json === undefined ? v : JSON.stringify(json, null, 2);
};
const forSaving = (v: string) => {
  const json = asJson(v);
  return json === undefined ? v : JSON.stringify(json);
};

/** Secrets (e.g. the deposit channel password) stay masked until asked for. */
const isSecret = (name: string) => /password|secret|token/i.test(name);

function ValueText({ name, value }: { name: string; value: string }) {
  const { t } = useI18n();
  const [shown, setShown] = useState(false);
  if (value === '') return <Typography.Text type="secondary">{t('config.emptyValue')}</Typography.Text>;
  if (isSecret(name)) {
    return (
      <Flex gap={8} align="center">
        <Typography.Text data-testid="config-value" data-masked={String(!shown)}>
          {shown ? value : '••••••'}
        </Typography.Text>
        <Button size="small" type="link" onClick={() => setShown((s) => !s)}>
          {shown ? t('config.hide') : t('config.reveal')}
        </Button>
      </Flex>
    );
  }
  if (asJson(value) !== undefined) {
    return (
      <Typography.Paragraph
        code
        style={{ margin: 0, wordBreak: 'break-all', fontSize: 12 }}
        ellipsis={{ rows: 3, expandable: 'collapsible' }}
        data-testid="config-value"
      >
        {value}
      </Typography.Paragraph>
    );
  }
  return (
    <Typography.Text style={{ wordBreak: 'break-all' }} data-testid="config-value">
      {value}
    </Typography.Text>
  );
}

/** Every setting; one row at a time is edited in place and saved with a reason. */
export function SettingsTable({ rows, loading }: { rows: Setting[]; loading: boolean }) {
  const { t, maybe, error } = useI18n();
  const { message } = App.useApp();
  const save = useConfigSet();
  const [editing, setEditing] = useState<Editing | null>(null);

  const start = (row: Setting, value = row.value) =>
    setEditing({ name: row.name, value: forEditing(value), reason: '', error: null });

  const submit = () => {
    if (!editing) return;
    if (!editing.reason.trim()) {
      setEditing({ ...editing, error: 'reason' });
      return;
    }
    save.mutate(
      { name: editing.name, value: forSaving(editing.value), reason: editing.reason.trim() },
      {
        onSuccess: () => {
          message.success(t('config.saved', { name: editing.name }));
          setEditing(null);
        },
        onError: (e) => setEditing((cur) => (cur ? { ...cur, error: e } : cur)),
      },
    );
  };

  return (
    <Table<Setting>
      data-testid="config-table"
      rowKey="name"
      size="middle"
      loading={loading}
      dataSource={rows}
      pagination={false}
      tableLayout="fixed"
      locale={{ emptyText: <EmptyBlock /> }}
      onRow={(row) => ({ 'data-testid': 'config-row', 'data-name': row.name }) as HTMLAttributes<HTMLElement>}
      columns={[
        {
          key: 'name',
          title: t('config.name'),
          width: 360,
          render: (_: unknown, row) => (
            <Flex vertical gap={4}>
              <Flex gap={6} align="center" wrap>
                <Typography.Text code strong>
                  {row.name}
                </Typography.Text>
                {row.public ? <Tag color="blue">{t('config.public')}</Tag> : <Tag>{t('config.private')}</Tag>}
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {maybe(`setting.${row.name}`) ?? row.description}
              </Typography.Text>
            </Flex>
          ),
        },
        {
          key: 'value',
          title: t('config.value'),
          render: (_: unknown, row) => {
            if (editing?.name !== row.name) {
              return (
                <Flex vertical gap={2}>
                  <ValueText name={row.name} value={row.value} />
                  {row.value !== row.default && !isSecret(row.name) && (
                    <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
                      {t('config.defaultIs', { value: row.default === '' ? '""' : row.default })}
                    </Typography.Text>
                  )}
                </Flex>
              );
            }
            const reasonMissing = editing.error === 'reason';
            const long = editing.value.includes('\n') || editing.value.length > 60;
            return (
              <Flex vertical gap={8}>
                {long ? (
                  <Input.TextArea
                    autoSize={{ minRows: 2, maxRows: 14 }}
                    value={editing.value}
                    onChange={(e) => setEditing({ ...editing, value: e.target.value, error: null })}
                    data-testid="config-value-input"
                    disabled={save.isPending}
                    style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 }}
                  />
                ) : (
                  <Input
                    value={editing.value}
                    onChange={(e) => setEditing({ ...editing, value: e.target.value, error: null })}
                    data-testid="config-value-input"
                    disabled={save.isPending}
                    onPressEnter={submit}
                  />
                )}
                <Input
                  placeholder={t('form.reasonPlaceholder')}
                  value={editing.reason}
                  status={reasonMissing ? 'error' : undefined}
                  onChange={(e) => setEditing({ ...editing, reason: e.target.value, error: null })}
                  data-testid="config-reason-input"
                  maxLength={500}
                  disabled={save.isPending}
                  onPressEnter={submit}
                />
                {reasonMissing && <Typography.Text type="danger">{t('form.reasonRequired')}</Typography.Text>}
                {editing.error !== null && !reasonMissing && (
                  <Alert type="error" showIcon title={error(editing.error)} data-testid="config-error" />
                )}
              </Flex>
            );
          },
        },
        {
          key: 'actions',
          title: t('common.actions'),
          width: 200,
          render: (_: unknown, row) =>
            editing?.name === row.name ? (
              <Space>
                <Button
                  type="primary"
                  size="small"
                  loading={save.isPending}
                  onClick={submit}
                  data-testid="config-save"
                >
                  {t('common.save')}
                </Button>
                <Button
                  size="small"
                  disabled={save.isPending}
                  onClick={() => setEditing(null)}
                  data-testid="config-cancel"
                >
                  {t('common.cancel')}
                </Button>
              </Space>
            ) : (
              <Space wrap>
                <Button
                  size="small"
                  disabled={save.isPending}
                  onClick={() => start(row)}
                  data-testid="config-edit"
                >
                  {t('common.edit')}
                </Button>
                {row.value !== row.default && (
                  <Button
                    size="small"
                    type="link"
                    disabled={save.isPending}
                    onClick={() => start(row, row.default)}
                  >
                    {t('config.useDefault')}
                  </Button>
                )}
              </Space>
            ),
        },
      ]}
    />
  );
}
