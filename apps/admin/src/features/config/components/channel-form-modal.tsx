import { CURRENCIES, ISO_CODE } from '@kabuto/domain';
import { Alert, App, Col, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { ReasonItem } from '../../../components/reason-item.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { useChannelSave } from '../api/use-channel-save.ts';

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

interface Values {
  currency: (typeof CURRENCIES)[number];
  name: string;
  account_name: string;
  account_number: string;
  bank: string;
  branch: string;
  open_from: string;
  open_to: string;
  enabled: boolean;
  quick: boolean;
  needs_password: boolean;
  sort: number;
  reason: string;
}

const str = (v: unknown, fallback = '') => (v === undefined || v === null ? fallback : String(v));

/** Create (channel = {}) or edit a deposit channel. */
export function ChannelFormModal({
  channel,
  onClose,
}: {
  channel: Record<string, unknown> | null;
  onClose: () => void;
}) {
  const { t, error } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useChannelSave();
  const open = channel !== null;
  const id = channel?.id === undefined || channel?.id === null ? undefined : String(channel.id);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when another channel is opened
  useEffect(() => {
    if (!channel) return;
    save.reset();
    const cur = str(channel.currency, 'jpy').toLowerCase();
    form.setFieldsValue({
      currency: CURRENCIES.find((c) => c === cur) ?? 'jpy',
      name: str(channel.name),
      account_name: str(channel.account_name),
      account_number: str(channel.account_number),
      bank: str(channel.bank),
      branch: str(channel.branch),
      open_from: str(channel.open_from, '09:00'),
      open_to: str(channel.open_to, '17:00'),
      enabled: channel.enabled === undefined ? true : Boolean(channel.enabled),
      quick: Boolean(channel.quick),
      needs_password: channel.needs_password === undefined ? true : Boolean(channel.needs_password),
      sort: Number.isFinite(Number(channel.sort)) ? Number(channel.sort) : 0,
      reason: '',
    });
  }, [channel]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return; // the form shows what is missing
    save.mutate(
      { ...(id ? { id } : {}), ...v, reason: v.reason.trim() },
      {
        onSuccess: () => {
          message.success(id ? t('channels.saved') : t('channels.created'));
          onClose();
        },
      },
    );
  };

  const required = [{ required: true, whitespace: true, message: t('form.required') }];
  return (
    <Modal
      open={open}
      width={720}
      title={id ? t('channels.editTitle', { id }) : t('channels.newTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={submit}
      onCancel={() => !save.isPending && onClose()}
      forceRender
      modalRender={(node) => <div data-testid="channel-form">{node}</div>}
      okButtonProps={{ ...({ 'data-testid': 'channel-save' } as object) }}
    >
      {save.error && (
        <Alert
          type="error"
          showIcon
          title={error(save.error)}
          style={{ marginBottom: 16 }}
          data-testid="channel-error"
        />
      )}
      <Form form={form} layout="vertical" disabled={save.isPending}>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="currency"
              label={t('field.currency')}
              rules={[{ required: true, message: t('form.required') }]}
            >
              <Select options={CURRENCIES.map((c) => ({ value: c, label: ISO_CODE[c] }))} />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="name" label={t('channels.name')} rules={required}>
              <Input maxLength={60} data-testid="channel-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="bank" label={t('field.bank')} rules={required}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="branch" label={t('field.branch')} rules={required}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="account_name" label={t('field.account_name')} rules={required}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="account_number" label={t('field.account_number')} rules={required}>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="open_from"
              label={t('field.open_from')}
              rules={[...required, { pattern: TIME_RE, message: t('form.timeInvalid') }]}
            >
              <Input placeholder="09:00" maxLength={5} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="open_to"
              label={t('field.open_to')}
              rules={[...required, { pattern: TIME_RE, message: t('form.timeInvalid') }]}
            >
              <Input placeholder="17:00" maxLength={5} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="sort" label={t('field.sort')} extra={t('channels.sortHint')}>
              <InputNumber min={0} max={999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="quick"
              label={t('field.quick')}
              valuePropName="checked"
              extra={t('channels.quickHint')}
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="needs_password"
              label={t('field.needsPassword')}
              valuePropName="checked"
              extra={t('channels.needsPasswordHint')}
            >
              <Switch data-testid="channel-needs-password" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <ReasonItem testId="channel-reason" style={{ marginBottom: 0 }} />
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
