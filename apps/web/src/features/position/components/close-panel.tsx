import { type Market, parseUnits, type Side } from '@kabuto/domain';
import Dialog from 'antd-mobile/es/components/dialog';
import { useState } from 'react';
import { ExitFields } from '../../../components/exit-fields.tsx';
import { SharesInput } from '../../../components/typed-inputs.tsx';
import { type ExitDraft, emptyExit, exitIncomplete, exitWireFields } from '../../../lib/exit-preview.ts';
import { priceDecimals } from '../../../lib/quote-format.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { type Position, useExitActions, usePositionActions } from '../api/positions.ts';

const PARTS = [4n, 2n] as const;

/**
 * A holding's close: a chosen number of shares (a partial close is its own closed position, fund
 * records and realised P&L) now at the market, or an exit order on them — 指値, 逆指値, トレーリング
 * ストップ, OCO — with its preview against the current price.
 */
export function ClosePanel({ row, market }: { row: Position; market: Market }) {
  const { t } = useTranslator(['position', 'quotes']);
  const { closePart } = usePositionActions(market);
  const { place } = useExitActions(market);
  const held = /^\d+$/.test(row.quantity) ? BigInt(row.quantity) : 0n;
  const [qty, setQty] = useState(row.quantity);
  const [exit, setExit] = useState<ExitDraft>({ ...emptyExit(), kind: 'stop' });
  const n = /^\d{1,9}$/.test(qty) ? BigInt(qty) : 0n;
  const side = (row.direction === 2 ? 2 : 1) as Side;
  const qtyProblem = n <= 0n || n > held ? t('closeQty', { max: held.toLocaleString() }) : null;
  const whole = n === held;
  const shares = n.toLocaleString();

  const sellNow = async () => {
    if (qtyProblem) return;
    const ok = await Dialog.confirm({
      title: t('closeTitle'),
      content: whole
        ? t('closeConfirm', { name: row.name })
        : t('closePartConfirm', { name: row.name, shares }),
      confirmText: t('close'),
      cancelText: t('common:actions.back'),
    });
    if (!ok) return;
    await closePart.mutateAsync({ id: row.id, quantity: n.toString() }).catch(() => {});
  };

  const placeExit = async () => {
    if (qtyProblem || exit.kind === 'none' || exitIncomplete(side, exit)) return;
    const ok = await Dialog.confirm({
      title: t('exit.placeTitle'),
      content: t('exit.placeConfirm', { name: row.name, kind: t(`quotes:exit.kind.${exit.kind}`), shares }),
      confirmText: t('exit.place'),
      cancelText: t('common:actions.back'),
    });
    if (!ok) return;
    const f = exitWireFields(exit);
    await place
      .mutateAsync({
        positionId: row.id,
        kind: exit.kind,
        ...(whole ? {} : { quantity: n.toString() }),
        ...f,
      })
      .catch(() => {});
  };

  return (
    <section className="k-card k-pos-close" data-testid="close-panel">
      <h2>{t('closeQtyTitle')}</h2>
      <SharesInput value={qty} onChange={setQty} label={t('field.qty')} testid="close-qty" />
      <div className="k-pos-close-qty">
        {PARTS.map((d) => (
          <button key={String(d)} type="button" onClick={() => setQty(String(held / d > 0n ? held / d : 1n))}>
            1/{String(d)}
          </button>
        ))}
        <button type="button" onClick={() => setQty(row.quantity)} data-testid="close-qty-all">
          {t('exit.allShares')}
        </button>
      </div>
      {qtyProblem && (
        <p className="k-order-problem" role="alert">
          {qtyProblem}
        </p>
      )}
      <button
        type="button"
        className="k-btn k-btn-primary k-btn-block"
        disabled={Boolean(qtyProblem) || closePart.isPending}
        onClick={() => void sellNow()}
        data-testid="detail-close-part"
      >
        {whole ? t('close') : t('closePart', { shares })}
      </button>
      <h2>{t('exit.newTitle')}</h2>
      <ExitFields
        side={side}
        value={exit}
        onChange={setExit}
        reference={parseUnits(row.price) ?? 0n}
        decimals={priceDecimals(market)}
        withNone={false}
        testid="pos-exit"
      />
      <button
        type="button"
        className="k-btn k-btn-ghost k-btn-block"
        disabled={Boolean(qtyProblem) || exitIncomplete(side, exit) || place.isPending}
        onClick={() => void placeExit()}
        data-testid="pos-exit-submit"
      >
        {t('exit.place')}
      </button>
    </section>
  );
}
