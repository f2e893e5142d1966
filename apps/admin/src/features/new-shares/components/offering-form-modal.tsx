import { boardsOf, MARKETS, type Market } from '@kabuto/domain';
import { Alert, App, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useI18n } from '../../../lib/i18n.tsx';
import {
  marketOf,
  marketWallClock,
  marketZoneLabel,
  marketZoneShort,
  parseMarketWallClock,
} from '../../../lib/market-time.ts';
import { useOfferingActions } from '../api/use-new-shares.ts';

type MarketKey = Market;
const DATES = ['subscribe_start', 'subscribe_end', 'lottery_at', 'payment_deadline', 'listing_at'] as const;

interface Values {
  code: string;
  market: MarketKey;
  board: string;
  name_jp: string;
  name_cn: string;
  name_us: string;
  range_low: string;
  range_high: string;
  shares: number;
  max_per_application: number;
  subscribe_start: string;
  subscribe_end: string;
  lottery_at: string;
  payment_deadline: string;
  listing_at: string;
  underwriter: string;
  pe: string;
  waitlist: number;
}

/** datetime-local text on the exchange's clock ⇄ unix seconds (the wire's form). */
const toUnix = (v: string, market: MarketKey) =>
  Math.floor((parseMarketWallClock(v, market) ?? Number.NaN) / 1000);
const toWallClock = (unix: number, market: MarketKey) => marketWallClock(unix * 1000, market);

export type OfferingDraft = Partial<Record<string, unknown>> & { id?: string };

/** Create an offering, or edit one (the schedule and quantities only before its window opens). */
export function OfferingFormModal({ draft, onClose }: { draft: OfferingDraft | null; onClose: () => void }) {
  const { t, error } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { save } = useOfferingActions();
  const market = Form.useWatch('market', form) ?? 'jpy';

  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when another offering is opened
  useEffect(() => {
    if (!draft) return;
    save.reset();
    const d = draft as Record<string, unknown>;
    const draftMarket = marketOf(d.market) ?? 'jpy';
    form.setFieldsValue({
      code: String(d.code ?? ''),
      market: draftMarket,
      board: String(d.board ?? 'tse_growth'),
      name_jp: String(d.name_jp ?? ''),
      name_cn: String(d.name_cn ?? ''),
      name_us: String(d.name_us ?? ''),
      range_low: String(d.range_low ?? ''),
      range_high: String(d.range_high ?? ''),
      shares: Number(d.shares ?? 100000),
      max_per_application: Number(d.max_per_application ?? 1000),
      underwriter: String(d.underwriter ?? ''),
      pe: String(d.pe ?? ''),
      waitlist: Number(d.waitlist ?? 0),
      ...Object.fromEntries(
        DATES.map((k) => [k, typeof d[k] === 'number' ? toWallClock(d[k] as number, draftMarket) : '']),
      ),
    });
  }, [draft]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    save.mutate(
      {
        ...(draft?.id ? { id: draft.id } : {}),
        code: v.code.trim(),
        market: v.market,
        board: v.board as never,
        name_jp: v.name_jp.trim(),
        name_cn: v.name_cn.trim(),
        name_us: v.name_us.trim(),
        range_low: v.range_low.trim(),
        range_high: v.range_high.trim(),
        shares: String(v.shares),
        max_per_application: String(v.max_per_application),
        underwriter: v.underwriter?.trim() ?? '',
        pe: v.pe?.trim() ?? '',
        waitlist: v.waitlist ?? 0,
        ...(Object.fromEntries(DATES.map((k) => [k, toUnix(v[k], v.market)])) as Record<
          (typeof DATES)[number],
          number
        >),
      },
      {
        onSuccess: () => {
          message.success(t('ipo.saved'));
          onClose();
        },
      },
    );
  };

  const required = [{ required: true, whitespace: true, message: t('form.required') }];
  return (
    <Modal
      open={draft !== null}
      title={draft?.id ? t('ipo.editTitle') : t('ipo.newTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={submit}
      onCancel={() => !save.isPending && onClose()}
      forceRender
      width={640}
      modalRender={(node) => <div data-testid="ipo-form">{node}</div>}
    >
      {save.error && <Alert type="error" showIcon title={error(save.error)} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" disabled={save.isPending}>
        <Form.Item name="code" label={t('ipo.code')} rules={required}>
          <Input maxLength={12} data-testid="ipo-code" />
        </Form.Item>
        <Form.Item name="market" label={t('ipo.market')} rules={[{ required: true }]}>
          <Select
            options={MARKETS.map((m) => ({ value: m, label: m.toUpperCase() }))}
            onChange={(m: MarketKey) => form.setFieldValue('board', boardsOf(m)[0])}
          />
        </Form.Item>
        <Form.Item name="board" label={t('ipo.board')} rules={[{ required: true }]}>
          <Select options={boardsOf(market as MarketKey).map((b) => ({ value: b, label: b }))} />
        </Form.Item>
        {(['name_jp', 'name_cn', 'name_us'] as const).map((k) => (
          <Form.Item key={k} name={k} label={t(`ipo.${k}`)} rules={required}>
            <Input maxLength={100} />
          </Form.Item>
        ))}
        <Form.Item name="range_low" label={t('ipo.rangeLow')} rules={required}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="range_high" label={t('ipo.rangeHigh')} rules={required}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="shares" label={t('ipo.shares')} rules={[{ required: true }]}>
          <InputNumber min={100} step={100} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="max_per_application" label={t('ipo.max')} rules={[{ required: true }]}>
          <InputNumber min={100} step={100} style={{ width: '100%' }} />
        </Form.Item>
        <Typography.Paragraph type="secondary" data-testid="ipo-zone">
          {t('schedule.zoneHint', { zone: marketZoneLabel(market as MarketKey) })}
        </Typography.Paragraph>
        {DATES.map((k) => (
          <Form.Item
            key={k}
            name={k}
            label={t(`ipo.${k}`)}
            rules={[
              ...required,
              {
                validator: (_, v: string) =>
                  !v || parseMarketWallClock(v, form.getFieldValue('market') ?? 'jpy') !== null
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('form.dateTimeInvalid'))),
              },
            ]}
          >
            <Input
              type="datetime-local"
              suffix={marketZoneShort(market as MarketKey)}
              data-testid={`ipo-${k}`}
            />
          </Form.Item>
        ))}
        <Form.Item name="underwriter" label={t('ipo.underwriter')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="pe" label={t('ipo.pe')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="waitlist" label={t('ipo.waitlist')}>
          <InputNumber min={0} max={10000} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
