import { App, Button, Form, Input } from 'antd';
import { useI18n } from '../../../lib/i18n.tsx';
import { useSendUserMessage } from '../api/use-send-user-message.ts';

/** A site message to this user (they read it in their inbox). */
export function UserMessageForm({ id }: { id: string }) {
  const { t, error } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ title: string; content: string }>();
  const send = useSendUserMessage();
  return (
    <Form
      form={form}
      layout="vertical"
      data-testid="user-message-form"
      disabled={send.isPending}
      onFinish={(v) =>
        send.mutate(
          { id, title: v.title.trim(), content: v.content.trim() },
          {
            onSuccess: () => {
              message.success(t('users.messageSent'));
              form.resetFields();
            },
            onError: (e) => message.error(error(e)),
          },
        )
      }
    >
      <Form.Item
        name="title"
        label={t('users.messageTitle')}
        rules={[{ required: true, whitespace: true, message: t('form.required') }]}
      >
        <Input maxLength={200} data-testid="user-message-title" />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('users.messageContent')}
        rules={[{ required: true, whitespace: true, message: t('form.required') }]}
      >
        <Input.TextArea rows={4} maxLength={5000} showCount data-testid="user-message-content" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={send.isPending} data-testid="user-message-send">
        {t('users.sendMessage')}
      </Button>
    </Form>
  );
}
