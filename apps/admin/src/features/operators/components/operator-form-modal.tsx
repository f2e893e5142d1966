import { OPERATOR_ROLES, type OperatorRole } from '@kabuto/contract';
import { Alert, App, Form, Input, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { ReasonItem } from '../../../components/reason-item.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { useOperatorSave } from '../api/use-operator-save.ts';

export interface OperatorDraft {
  id?: string;
  username?: string;
  role?: OperatorRole;
  disabled?: boolean;
}

interface Values {
  username: string;
  role: OperatorRole;
  password?: string;
  disabled: boolean;
  reason: string;
}

/** New operator (username, role, password) or an edit (role, new password, disabled). */
export function OperatorFormModal({
  draft,
  self,
  onClose,
}: {
  draft: OperatorDraft | null;
  self?: string;
  onClose: () => void;
}) {
  const { t, error } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useOperatorSave();
  const editing = draft?.id !== undefined;
  const isSelf = editing && draft?.username === self;

  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when another operator is opened
  useEffect(() => {
    if (!draft) return;
    save.reset();
    form.setFieldsValue({
      username: draft.username ?? '',
      role: draft.role ?? 'reviewer',
      password: '',
      disabled: draft.disabled ?? false,
      reason: '',
    });
  }, [draft]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return; // the form shows what is missing
    save.mutate(
      {
        ...(draft?.id ? { id: draft.id } : {}),
        username: v.username.trim(),
        role: v.role,
        ...(v.password ? { password: v.password } : {}),
        disabled: v.disabled,
        reason: v.reason.trim(),
      },
      {
        onSuccess: () => {
          message.success(editing ? t('operators.saved') : t('operators.created'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={draft !== null}
      title={editing ? t('operators.editTitle', { name: draft?.username ?? '' }) : t('operators.newTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={submit}
      onCancel={() => !save.isPending && onClose()}
      forceRender
      modalRender={(node) => <div data-testid="operator-form">{node}</div>}
      okButtonProps={{ ...({ 'data-testid': 'operator-save' } as object) }}
    >
      {save.error && <Alert type="error" showIcon title={error(save.error)} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" disabled={save.isPending}>
        <Form.Item
          name="username"
          label={t('operators.username')}
          rules={[{ required: true, whitespace: true, message: t('form.required') }]}
        >
          <Input maxLength={64} disabled={editing} autoComplete="off" data-testid="operator-username" />
        </Form.Item>
        <Form.Item
          name="role"
          label={t('operators.role')}
          rules={[{ required: true, message: t('form.required') }]}
        >
          <Select
            disabled={isSelf}
            options={OPERATOR_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))}
            data-testid="operator-role"
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={editing ? t('operators.newPassword') : t('operators.password')}
          extra={editing ? t('operators.passwordKeep') : undefined}
          rules={[
            ...(editing ? [] : [{ required: true, message: t('form.required') }]),
            { min: 10, message: t('operators.passwordShort') },
          ]}
        >
          <Input.Password maxLength={64} autoComplete="new-password" data-testid="operator-password" />
        </Form.Item>
        {editing && (
          <Form.Item
            name="disabled"
            label={t('operators.disabled')}
            valuePropName="checked"
            extra={isSelf ? t('operators.selfHint') : undefined}
          >
            <Switch disabled={isSelf} data-testid="operator-disabled" />
          </Form.Item>
        )}
        <ReasonItem testId="operator-reason" style={{ marginBottom: 0 }} />
      </Form>
    </Modal>
  );
}
