import { Alert, Flex, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { RecordDescriptions } from '../../../components/record-descriptions.tsx';
import { isApiError } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import type { QueueName } from '../../../lib/queues.ts';
import { isImageField } from '../../../lib/record-fields.ts';
import { useQueueDecide } from '../api/use-queue-decide.ts';
import { RowImages } from './row-images.tsx';

export interface PendingDecision {
  row: Record<string, unknown>;
  approve: boolean;
}

/**
 * Confirms one decision. Rejecting needs a reason (the user reads it); approving may carry a note.
 * While the call is in flight nothing can be clicked twice; a refusal stays visible in the dialog.
 */
export function DecideModal({
  queue,
  decision,
  onClose,
  onDecided,
}: {
  queue: QueueName;
  decision: PendingDecision | null;
  onClose: () => void;
  onDecided: (id: string, outcome: 'approved' | 'rejected' | 'alreadyDecided') => void;
}) {
  const { t, error } = useI18n();
  const [form] = Form.useForm<{ reason?: string }>();
  const decide = useQueueDecide(queue);
  const [refusal, setRefusal] = useState<unknown>(null);
  const open = decision !== null;
  const approve = decision?.approve ?? false;
  const id = decision ? String(decision.row.id ?? '') : '';
  const alreadyDecided = isApiError(refusal) && refusal.code === 'review.alreadyDecided';

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another row is opened
  useEffect(() => {
    if (open) {
      form.resetFields();
      setRefusal(null);
      decide.reset();
    }
  }, [open, id, approve]);

  const submit = async () => {
    if (!decision) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form shows what is missing
    const { reason } = values;
    setRefusal(null);
    decide.mutate(
      { id, approve, reason: reason?.trim() || undefined },
      {
        onSuccess: () => {
          onDecided(id, approve ? 'approved' : 'rejected');
          onClose();
        },
        onError: (e) => {
          setRefusal(e);
          if (isApiError(e) && e.code === 'review.alreadyDecided') onDecided(id, 'alreadyDecided');
        },
      },
    );
  };

  const details = decision
    ? Object.fromEntries(Object.entries(decision.row).filter(([k]) => !isImageField(k)))
    : {};

  return (
    <Modal
      open={open}
      width={760}
      destroyOnHidden
      title={
        <span data-testid="decide-title">
          {approve ? t('decide.approveTitle', { id }) : t('decide.rejectTitle', { id })}
        </span>
      }
      okText={
        alreadyDecided ? t('common.close') : approve ? t('decide.confirmApprove') : t('decide.confirmReject')
      }
      cancelText={t('common.cancel')}
      okButtonProps={{
        danger: !approve && !alreadyDecided,
        loading: decide.isPending,
        // data-testid goes straight to the button element
        ...({ 'data-testid': 'decide-confirm' } as object),
      }}
      cancelButtonProps={{ disabled: decide.isPending, ...({ 'data-testid': 'decide-cancel' } as object) }}
      closable={!decide.isPending}
      mask={{ closable: !decide.isPending }}
      keyboard={!decide.isPending}
      onOk={alreadyDecided ? onClose : submit}
      onCancel={onClose}
      modalRender={(node) => <div data-testid="decide-modal">{node}</div>}
    >
      {decision && (
        <Flex vertical gap={16}>
          {refusal !== null &&
            (alreadyDecided ? (
              <Alert
                type="warning"
                showIcon
                data-testid="decide-already-decided"
                title={t('decide.alreadyDecidedTitle')}
                description={`${error(refusal)} — ${t('decide.alreadyDecidedHint')}`}
              />
            ) : (
              <Alert
                type="error"
                showIcon
                data-testid="decide-error"
                title={t('decide.failed')}
                description={error(refusal)}
              />
            ))}
          <RowImages row={decision.row} />
          <RecordDescriptions record={details} column={2} />
          <Form form={form} layout="vertical" disabled={decide.isPending || alreadyDecided}>
            <Form.Item
              name="reason"
              label={approve ? t('decide.noteLabel') : t('decide.reasonLabel')}
              rules={
                approve ? [] : [{ required: true, whitespace: true, message: t('decide.reasonRequired') }]
              }
              extra={approve ? t('decide.noteHint') : t('decide.reasonHint')}
              style={{ marginBottom: 0 }}
            >
              <Input.TextArea rows={3} maxLength={500} showCount data-testid="decide-reason" />
            </Form.Item>
          </Form>
          <Typography.Text type={approve ? 'success' : 'danger'} strong>
            {approve ? t(`decide.approveEffect.${queue}`) : t(`decide.rejectEffect.${queue}`)}
          </Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}
