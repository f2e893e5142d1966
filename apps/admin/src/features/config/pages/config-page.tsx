import { Button, Card, Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { RecordTable } from '../../../components/record-table.tsx';
import { ErrorBlock } from '../../../components/states.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { useChannelList } from '../api/use-channel-list.ts';
import { useConfigList } from '../api/use-config-list.ts';
import { ChannelFormModal } from '../components/channel-form-modal.tsx';
import { SettingsTable } from '../components/settings-table.tsx';

function SettingsTab() {
  const list = useConfigList();
  if (list.isError && !list.data) return <ErrorBlock error={list.error} onRetry={() => list.refetch()} />;
  return <SettingsTable rows={list.data ?? []} loading={list.isPending} />;
}

function ChannelsTab() {
  const { t } = useI18n();
  const list = useChannelList();
  const [editing, setEditing] = useState<Record<string, unknown> | null>(null);
  return (
    <>
      <div style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => setEditing({})} data-testid="channel-new">
          {t('channels.new')}
        </Button>
      </div>
      {list.isError && !list.data ? (
        <ErrorBlock error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <RecordTable
          testId="channels-table"
          rowTestId="channel-row"
          rows={list.data ?? []}
          loading={list.isPending}
          emptyText={t('channels.empty')}
          actions={{
            title: t('common.actions'),
            render: (row) => (
              <Button size="small" onClick={() => setEditing(row)} data-testid="channel-edit">
                {t('common.edit')}
              </Button>
            ),
          }}
        />
      )}
      <ChannelFormModal channel={editing} onClose={() => setEditing(null)} />
    </>
  );
}

export function ConfigPage() {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'channels' ? 'channels' : 'settings';
  return (
    <div data-testid="config-page">
      <PageHeader title={t('config.title')} subtitle={t('config.subtitle')} />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(k) => setSearch(k === 'settings' ? {} : { tab: k }, { replace: true })}
          items={[
            {
              key: 'settings',
              label: <span data-testid="config-tab-settings">{t('config.tabSettings')}</span>,
              children: <SettingsTab />,
            },
            {
              key: 'channels',
              label: <span data-testid="config-tab-channels">{t('config.tabChannels')}</span>,
              children: <ChannelsTab />,
            },
          ]}
        />
      </Card>
    </div>
  );
}
