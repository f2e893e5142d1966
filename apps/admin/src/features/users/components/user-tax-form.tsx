import { App, Button, Descriptions, Form, Select, Switch } from 'antd';
import { ReasonItem } from '../../../components/reason-item.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { useSetTaxAccount, useTaxAccount } from '../api/use-tax-account.ts';

const KINDS = ['withholding', 'no_withholding', 'general'] as const;

interface Values {
  kind: (typeof KINDS)[number];
  nisa: boolean;
  reason: string;
}

/** The user's tax account (特定口座) and NISA: this year's figures and the operator's override (audited). */
export function UserTaxForm({ id }: { id: string }) {
  const { t, error } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const account = useTaxAccount(id);
  const save = useSetTaxAccount();
  const a = account.data;
  if (!a) return null;
  return (
    <>
      <Descriptions size="small" column={1} data-testid="user-tax-figures">
        <Descriptions.Item label={t('tax.kind')}>{t(`tax.kinds.${a.kind}`)}</Descriptions.Item>
        <Descriptions.Item label={t('tax.netGain', { year: a.year })}>{a.net_gain}</Descriptions.Item>
        <Descriptions.Item label={t('tax.withheld')}>
          {a.withheld_national} / {a.withheld_local}
        </Descriptions.Item>
        <Descriptions.Item label={t('tax.nisaUsed')}>
          {a.nisa_year_used} / {a.nisa_year_limit}
        </Descriptions.Item>
      </Descriptions>
      <Form
        form={form}
        layout="vertical"
        data-testid="user-tax-form"
        initialValues={{ kind: a.kind, nisa: a.nisa === 1 }}
        disabled={save.isPending}
        onFinish={(v) =>
          save.mutate(
            { id, kind: v.kind, nisa: v.nisa ? 1 : 0, reason: v.reason.trim() },
            {
              onSuccess: () => {
                message.success(t('tax.saved'));
                form.setFieldsValue({ reason: '' });
              },
              onError: (e) => message.error(error(e)),
            },
          )
        }
      >
        <Form.Item
          name="kind"
          label={t('tax.kind')}
          rules={[{ required: true, message: t('form.required') }]}
        >
          <Select
            options={KINDS.map((k) => ({ value: k, label: t(`tax.kinds.${k}`) }))}
            data-testid="user-tax-kind"
          />
        </Form.Item>
        <Form.Item name="nisa" label={t('tax.nisa')} valuePropName="checked">
          <Switch data-testid="user-tax-nisa" />
        </Form.Item>
        <ReasonItem testId="user-tax-reason" />
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="user-tax-save">
          {t('tax.save')}
        </Button>
      </Form>
    </>
  );
}
