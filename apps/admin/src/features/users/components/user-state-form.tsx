import { App, Button, Form, Select } from 'antd';
import { ReasonItem } from '../../../components/reason-item.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { useSetUserState } from '../api/use-set-user-state.ts';

export const USER_STATES = ['active', 'frozen', 'banned', 'restricted'] as const;
type UserState = (typeof USER_STATES)[number];

/** Change a user's state; the reason goes to the audit log (frozen and banned end their sessions). */
export function UserStateForm({ id, current }: { id: string; current?: string }) {
  const { t, error } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ state: UserState; reason: string }>();
  const setState = useSetUserState();
  const initial = USER_STATES.find((s) => s === current);
  return (
    <Form
      form={form}
      layout="vertical"
      data-testid="user-state-form"
      initialValues={{ state: initial }}
      disabled={setState.isPending}
      onFinish={(v) =>
        setState.mutate(
          { id, state: v.state, reason: v.reason.trim() },
          {
            onSuccess: () => {
              message.success(t('users.stateSaved'));
              form.setFieldValue('reason', '');
            },
            onError: (e) => message.error(error(e)),
          },
        )
      }
    >
      <Form.Item
        name="state"
        label={t('users.state')}
        rules={[{ required: true, message: t('form.required') }]}
      >
        <Select
          data-testid="user-state-select"
          options={USER_STATES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
      </Form.Item>
      <ReasonItem testId="user-state-reason" />
      <Button type="primary" htmlType="submit" loading={setState.isPending} data-testid="user-state-save">
        {t('users.saveState')}
      </Button>
    </Form>
  );
}
