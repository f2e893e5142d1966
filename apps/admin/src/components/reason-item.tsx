import { Form, Input } from 'antd';
import type { CSSProperties } from 'react';
import { useI18n } from '../lib/i18n.tsx';

/**
 * The reason of an operator's change, for the audit log, as a form's `reason` field: required (blanks
 * are none), up to 500 characters. The dialog that asks only for a reason is `useReasonConfirm`.
 */
export function ReasonItem({ testId, style }: { testId: string; style?: CSSProperties }) {
  const { t } = useI18n();
  return (
    <Form.Item
      name="reason"
      label={t('form.reason')}
      rules={[{ required: true, whitespace: true, message: t('form.reasonRequired') }]}
      style={style}
    >
      <Input.TextArea
        maxLength={500}
        showCount
        placeholder={t('form.reasonPlaceholder')}
        data-testid={testId}
      />
    </Form.Item>
  );
}
