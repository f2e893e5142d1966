import type { supportApi } from '@kabuto/contract';
import { App, Button, Card, Flex, Input, Modal, Segmented, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { EmptyBlock, ErrorBlock } from '../../../components/states.tsx';
import type { DataOut } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useInbox, useReply } from '../api/use-support.ts';

type Row = DataOut<typeof supportApi.adminList>['list'][number];
type Filter = 'open' | 'replied' | 'all';
const REPLY_MAX = 2000;

/** Support inbox: users' messages (open first), read in full, answered once — the answer reaches the user as a site message. */
export function SupportPage() {
  const { t, error } = useI18n();
  const { message } = App.useApp();
  const [status, setStatus] = useState<Filter>('open');
  const [page, setPage] = useState(1);
  const [replying, setReplying] = useState<Row | null>(null);
  const [text, setText] = useState('');
  const inbox = useInbox({ status, page, size: 20 });
  const reply = useReply();

  const send = () => {
    if (!replying) return;
    if (!text.trim()) {
      message.error(t('support.replyRequired'));
      return;
    }
    reply.mutate(
      { id: replying.id, text: text.trim() },
      {
        onSuccess: () => {
          message.success(t('support.replied'));
          setReplying(null);
          setText('');
        },
        onError: (e) => message.error(error(e)),
      },
    );
  };

  return (
    <>
      <PageHeader
        title={t('nav.support')}
        extra={
          <Button onClick={() => inbox.refetch()} loading={inbox.isFetching}>
            {t('common.refresh')}
          </Button>
        }
      />
      <Card>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
          <Segmented<Filter>
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={(['open', 'replied', 'all'] as const).map((v) => ({
              value: v,
              label: t(`support.filter.${v}`),
            }))}
            data-testid="support-filter"
          />
          {inbox.data && (
            <Typography.Text type="secondary">
              {t('support.openCount', { n: inbox.data.open })}
            </Typography.Text>
          )}
        </Flex>
        {inbox.isError ? (
          <ErrorBlock error={inbox.error} onRetry={() => inbox.refetch()} />
        ) : (
          <Table<Row>
            rowKey="id"
            loading={inbox.isPending}
            dataSource={inbox.data?.list ?? []}
            locale={{ emptyText: <EmptyBlock /> }}
            pagination={{ current: page, pageSize: 20, total: inbox.data?.total ?? 0, onChange: setPage }}
            data-testid="support-table"
            columns={[
              {
                title: t('support.time'),
                dataIndex: 'create_time',
                width: 170,
                render: (v: number) => formatDateTime(v),
              },
              { title: t('support.account'), dataIndex: 'account', width: 140 },
              {
                title: t('support.message'),
                dataIndex: 'body',
                render: (v: string, r) => (
                  <div data-testid={`support-row-${r.id}`}>
                    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: r.reply ? 8 : 0 }}>
                      {v}
                    </Typography.Paragraph>
                    {r.reply && (
                      <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                        {t('support.answer', { name: r.replied_by })}
                        {r.reply_time !== null && ` · ${formatDateTime(r.reply_time)}`}
                        {'\n'}
                        {r.reply}
                      </Typography.Paragraph>
                    )}
                  </div>
                ),
              },
              {
                title: t('support.status'),
                dataIndex: 'status',
                width: 110,
                render: (v: Row['status']) => (
                  <Tag color={v === 'open' ? 'processing' : 'success'}>{t(`support.filter.${v}`)}</Tag>
                ),
              },
              {
                title: t('common.actions'),
                width: 110,
                render: (_: unknown, r) =>
                  r.status === 'open' ? (
                    <Button
                      type="primary"
                      size="small"
                      onClick={() => setReplying(r)}
                      data-testid={`support-reply-${r.id}`}
                    >
                      {t('support.reply')}
                    </Button>
                  ) : null,
              },
            ]}
          />
        )}
      </Card>
      <Modal
        open={replying !== null}
        title={t('support.replyTitle', { account: replying?.account ?? '' })}
        onCancel={() => setReplying(null)}
        onOk={send}
        okText={t('support.send')}
        cancelText={t('common.cancel')}
        confirmLoading={reply.isPending}
        okButtonProps={{ 'data-testid': 'support-reply-send' } as never}
      >
        {replying && (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} type="secondary">
            {replying.body}
          </Typography.Paragraph>
        )}
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={6}
          maxLength={REPLY_MAX}
          showCount
          placeholder={t('support.replyPlaceholder')}
          data-testid="support-reply-text"
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('support.replyNote')}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
