import { App, Flex, Input, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n.tsx';

export interface ReasonConfirm<T> {
  title: string;
  /** Read before the reason: what the action does. */
  hint?: ReactNode;
  /** Other inputs the action takes (uncontrolled: they keep what was typed while the dialog is open). */
  fields?: ReactNode;
  okText: string;
  /** A removal or a cancellation: the button is red. */
  danger?: boolean;
  /** The reason field's `data-testid`. */
  testId: string;
  /** Sends the action with the trimmed reason; a refusal keeps the dialog open and shows it. */
  submit: (reason: string) => Promise<T>;
  /** After the action succeeded and the dialog closed. */
  done?: (result: T) => void;
}

const TOUCH = { style: { minHeight: 44 } };

/**
 * An operator's action confirmed with a reason for the audit log: the one dialog the back office uses
 * for it. Without a reason, or when the server refuses, the dialog stays open with the translated
 * message under the reason (a message that stays, not a toast that goes), and what was typed is kept.
 */
export function useReasonConfirm() {
  const { modal } = App.useApp();
  const { t, error: describe } = useI18n();

  return <T,>(o: ReasonConfirm<T>) => {
    let reason = '';
    const content = (problem: string | null) => (
      <Flex vertical gap={8}>
        {o.hint && <Typography.Text type="secondary">{o.hint}</Typography.Text>}
        {o.fields}
        <Input.TextArea
          maxLength={500}
          onChange={(e) => {
            reason = e.target.value;
          }}
          placeholder={t('form.reasonPlaceholder')}
          status={problem ? 'error' : undefined}
          data-testid={o.testId}
        />
        {problem && (
          <Typography.Text type="danger" role="alert" data-testid="reason-confirm-error">
            {problem}
          </Typography.Text>
        )}
      </Flex>
    );
    const okButtonProps = (loading: boolean) => ({ ...TOUCH, danger: o.danger === true, loading });
    const dialog = modal.confirm({
      title: o.title,
      content: content(null),
      okText: o.okText,
      okButtonProps: okButtonProps(false),
      cancelText: t('common.cancel'),
      cancelButtonProps: TOUCH,
      // taking `close` tells antd that this function closes the dialog itself (it stays open otherwise)
      onOk: (close: () => void) => {
        const trimmed = reason.trim();
        if (!trimmed) {
          dialog.update({ content: content(t('form.reasonRequired')) });
          return;
        }
        dialog.update({ content: content(null), okButtonProps: okButtonProps(true) });
        o.submit(trimmed).then(
          (result) => {
            close();
            o.done?.(result);
          },
          (e: unknown) =>
            dialog.update({ content: content(describe(e)), okButtonProps: okButtonProps(false) }),
        );
      },
    });
  };
}
