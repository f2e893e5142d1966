import { type Market, parseUnits } from '@kabuto/domain';
import { useState } from 'react';
import { PriceInput, SharesInput } from '../../../components/typed-inputs.tsx';
import { priceDecimals } from '../../../lib/quote-format.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import type { Position } from '../api/positions.ts';
import { useAmendOrder } from '../api/positions.ts';

/** A wire decimal as an input starts with it: "2999.5000" → "2999.5", "3000.0000" → "3000". */
export const inputText = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

/** 訂正 of a pending order: its limit price (a limit order's) and its quantity. */
export function OrderAmendForm({
  row,
  market,
  onDone,
}: {
  row: Position;
  market: Market;
  onDone: () => void;
}) {
  const { t } = useTranslator('position');
  const amend = useAmendOrder(market);
  const isLimit = row.orderType === 2;
  const [limit, setLimit] = useState(inputText(row.limitPrice));
  const [qty, setQty] = useState(row.quantity);
  const changed = (isLimit && limit !== inputText(row.limitPrice)) || qty !== row.quantity;
  const ready = changed && (!isLimit || (parseUnits(limit) ?? 0n) > 0n) && /^[1-9]\d{0,8}$/.test(qty);
  const submit = async () => {
    await amend
      .mutateAsync({
        id: row.id,
        ...(isLimit && limit !== inputText(row.limitPrice) ? { limit } : {}),
        ...(qty !== row.quantity ? { quantity: qty } : {}),
      })
      .then(onDone)
      .catch(() => {});
  };
  return (
    <div className="k-exit-amend" data-testid="order-amend-form">
      {isLimit && (
        <div>
          <span>{t('field.limitPrice')}</span>
          <PriceInput
            decimals={priceDecimals(market)}
            value={limit}
            onChange={setLimit}
            label={t('field.limitPrice')}
            testid="order-amend-limit"
          />
        </div>
      )}
      <div>
        <span>{t('field.qty')}</span>
        <SharesInput value={qty} onChange={setQty} label={t('field.qty')} testid="order-amend-qty" />
      </div>
      <button
        type="button"
        className="k-btn k-btn-primary k-btn-block"
        disabled={!ready || amend.isPending}
        onClick={() => void submit()}
        data-testid="order-amend-submit"
      >
        {t('exit.amendSubmit')}
      </button>
    </div>
  );
}
