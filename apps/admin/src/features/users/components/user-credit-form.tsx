import { CURRENCIES, ISO_CODE } from '@kabuto/domain';
import { App, Button, Form, Input, InputNumber, Select } from 'antd';
import { ReasonItem } from '../../../components/reason-item.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { useSetUserCredit } from '../api/use-set-user-credit.ts';

const AMOUNT_RE = /^\d{1,15}(\.\d{1,4})?$/;

interface Values {
  score: number;
  currency: (typeof CURRENCIES)[number];
  limit?: string;
  reason: string;
}

/** Credit score and the loan limit of one currency (leave the limit empty to change only the score). */
export function UserCreditForm({ id, score }: { id: string; score?: number }) {
  const { t, error } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSetUserCredit();
  return (
    <Form
      form={form}
      layout="vertical"
      data-testid="user-credit-form"
      initialValues={{ score, currency: 'jpy' }}
      disabled={save.isPending}
      onFinish={(v) =>
        save.mutate(
          {
            id,
            score: v.score,
            currency: v.currency,
            ...(v.limit?.trim() ? { limit: v.limit.trim() } : {}),
            reason: v.reason.trim(),
          },
          {
            onSuccess: () => {
              message.success(t('users.creditSaved'));
              form.setFieldsValue({ reason: '', limit: '' });
            },
            onError: (e) => message.error(error(e)),
          },
        )
      }
    >
      <Form.Item
        name="score"
        label={t('users.creditScore')}
        rules={[{ required: true, message: t('form.required') }]}
      >
        <InputNumber
          min={0}
          max={1000}
          precision={0}
          style={{ width: '100%' }}
          data-testid="user-credit-score"
        />
      </Form.Item>
      <Form.Item
        name="currency"
        label={t('field.currency')}
        rules={[{ required: true, message: t('form.required') }]}
      >
        <Select
          options={CURRENCIES.map((c) => ({ value: c, label: ISO_CODE[c] }))}
          data-testid="user-credit-currency"
        />
      </Form.Item>
      <Form.Item
        name="limit"
        label={t('users.loanLimit')}
        extra={t('users.loanLimitHint')}
        rules={[{ pattern: AMOUNT_RE, message: t('form.amountInvalid') }]}
      >
        <Input inputMode="decimal" placeholder="1000000" data-testid="user-credit-limit" />
      </Form.Item>
      <ReasonItem testId="user-credit-reason" />
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="user-credit-save">
        {t('users.saveCredit')}
      </Button>
    </Form>
  );
}
