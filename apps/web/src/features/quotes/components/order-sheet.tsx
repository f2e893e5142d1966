import {
  formatUnits,
  type InstrumentSpec,
  isNisaOrderKind,
  type LocalDate,
  type Market,
  parseUnits,
  type Side,
} from '@kabuto/domain';
import Dialog from 'antd-mobile/es/components/dialog';
import Popup from 'antd-mobile/es/components/popup';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { type DataModeFields, DataModeLabel } from '../../../components/data-mode.tsx';
import { ExitFields } from '../../../components/exit-fields.tsx';
import { Figure } from '../../../components/figure.tsx';
import { Icon } from '../../../components/icon.tsx';
import { PriceInput, SharesInput } from '../../../components/typed-inputs.tsx';
import { feeOverride, leverageList } from '../../../lib/api/trade-settings.ts';
import { useUserInfo } from '../../../lib/api/use-user-info.ts';
import { isApiError } from '../../../lib/api.ts';
import { type ExitDraft, emptyExit, exitIncomplete, exitWireFields } from '../../../lib/exit-preview.ts';
import { formatMoney } from '../../../lib/format.ts';
import { showMsg } from '../../../lib/messages.ts';
import { formatPrice } from '../../../lib/quote-format.ts';
import { useStartupConfig } from '../../../lib/startup-config.ts';
import { estimateOrder } from '../../../lib/trade-config.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { walletBalance } from '../../../lib/wallets.ts';
import { usePlaceOrder } from '../api/use-place-order.ts';
import { limitPriceProblem, stepLimitPrice } from '../order-check.ts';
import { type BookDraft, OrderBookFields, useBookCalendar } from './order-book-fields.tsx';

export type Direction = 1 | 2;
type OrderType = 1 | 2;

export interface OrderTarget {
  symbol: string;
  name: string;
  market: Market;
  /** The instrument's rules (market, board, tick table): the limit price is checked with them. */
  spec: InstrumentSpec;
  /** The exchange-local trading day of the quote (the date the tick table and limits are for). */
  tradingDay: LocalDate;
  price: string;
  tick: string;
  limitUp: string | null;
  limitDown: string | null;
  minQty: number;
  decimals: number;
  /** Where the price comes from: labelled when not live. */
  dataMode?: DataModeFields;
  /** The quote's time (epoch ms, the server's clock): when the order would execute is read at it. */
  now?: number;
}

const QTY_STEPS = [1, 10, 100] as const;
/** Refusals of an order above 1× or short for want of an open margin account: the sheet links to it. */
const MARGIN_REFUSALS = new Set(['margin.accountRequired', 'margin.pendingReview']);
const MAX_QTY = 999_999_999;

/** Whole shares from the quantity field's value ("" → 0). */
const parseQty = (value: string): number => (/^\d{1,9}$/.test(value) ? Number(value) : 0);

/**
 * The order panel (bottom sheet): buy long or short, market or limit, leverage from the configured list,
 * quantity in shares, and the live estimate of fee, margin (= notional / leverage) and total against the
 * available balance; a confirmation before the order is sent.
 */
export function OrderSheet({
  target,
  direction,
  onDirection,
  visible,
  onClose,
}: {
  target: OrderTarget;
  direction: Direction;
  onDirection: (d: Direction) => void;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslator('quotes');
  const navigate = useNavigate();
  const config = useStartupConfig();
  const user = useUserInfo({ fresh: true });
  const leverages = leverageList(config, target.market);
  const [orderType, setOrderType] = useState<OrderType>(1);
  const [leverage, setLeverage] = useState<number>(leverages[0] ?? 1);
  const [qtyText, setQtyText] = useState(String(target.minQty));
  const [priceText, setPriceText] = useState('');
  // a field whose text is refused says why under itself; the order cannot be sent meanwhile
  const [qtyRefused, setQtyRefused] = useState(false);
  const [priceRefused, setPriceRefused] = useState(false);
  const [busy, setBusy] = useState(false);
  const [nisa, setNisa] = useState(false);
  const [book, setBook] = useState<BookDraft>({ timing: 'any', until: 'day' });
  const [exit, setExit] = useState<ExitDraft>(emptyExit);
  const [marginRefusal, setMarginRefusal] = useState<string | null>(null);
  const now = target.now ?? Date.now();
  // NISA takes cash purchases only (the same rule the server checks)
  const nisaAllowed = isNisaOrderKind({ leverage, direction, dayTrade: false });
  const placeOrder = usePlaceOrder();

  useEffect(() => {
    if (!leverages.includes(leverage)) setLeverage(leverages[0] ?? 1);
  }, [leverages, leverage]);

  /**
   * A limit price starts at the current price, set with the switch itself so that the field is never
   * shown empty for a moment and then overwritten under the user's typing; once the user has cleared
   * it, it stays clear.
   */
  const chooseType = (ot: OrderType) => {
    setOrderType(ot);
    if (ot === 2 && !priceText) {
      setPriceText(formatUnitsTrim(target.price, target.decimals));
      setPriceRefused(false);
    }
  };

  const qty = parseQty(qtyText);
  const limitPrice = parseUnits(priceText);
  const priceUnits = orderType === 1 ? (parseUnits(target.price) ?? 0n) : (limitPrice ?? 0n);
  const est = estimateOrder(
    target.market,
    priceUnits,
    BigInt(qty),
    leverage,
    feeOverride(config, target.market),
    direction,
  );
  const available = walletBalance(user.data, target.market);
  const availableUnits = parseUnits(available) ?? 0n;
  const up = target.limitUp ? parseUnits(target.limitUp) : null;
  const down = target.limitDown ? parseUnits(target.limitDown) : null;

  // the domain's check, as the server's: the tick of the entered price's band, the day's limits
  const limits = up != null && down != null ? { up, down } : null;
  const priceProblem =
    orderType === 2 ? limitPriceProblem(target.spec, limitPrice, limits, target.tradingDay) : null;
  const fieldRefused = qtyRefused || (orderType === 2 && priceRefused);
  let problem: string | null = null;
  if (fieldRefused) problem = null;
  else if (qty < target.minQty) problem = t('order.minQty', { min: target.minQty });
  else if (priceProblem?.kind === 'enterPrice') problem = t('order.enterPrice');
  else if (priceProblem?.kind === 'offTick')
    problem = t('order.offTick', { tick: formatUnits(priceProblem.tick).replace(/\.?0+$/, '') });
  else if (priceProblem?.kind === 'beyondLimit') problem = t('order.beyondLimit');
  else if (exit.kind !== 'none' && exitIncomplete(direction as Side, exit)) problem = t('exit.enterPrices');
  else if (user.data && est.total > availableUnits) problem = t('order.insufficient');
  const calendar = useBookCalendar();
  const preview = calendar?.fillPreview(t, {
    market: target.market,
    now,
    timing: book.timing,
    direction,
    limit: orderType === 2 ? limitPrice : null,
    price: parseUnits(target.price) ?? 0n,
    limits: { up, down },
    decimals: target.decimals,
  });
  const ifdName = exit.kind === 'oco' ? t('exit.ifdoco') : t('exit.ifd');
  const noFundPassword = user.data?.hasFundPassword === false;

  const stepPrice = (n: number) => {
    const base = limitPrice ?? parseUnits(target.price) ?? 0n;
    const next = stepLimitPrice(target.spec, base, n, target.tradingDay);
    if (next > 0n) {
      setPriceText(formatUnitsTrim(formatUnits(next), target.decimals));
      setPriceRefused(false);
    }
  };
  const stepQty = (n: number) => {
    setQtyText(String(Math.min(MAX_QTY, Math.max(target.minQty, qty + n))));
    setQtyRefused(false);
  };

  const money = (u: bigint) => formatMoney(formatUnits(u), target.market);

  const submit = async () => {
    if (problem || fieldRefused || busy) return;
    const side = direction === 1 ? t('order.long') : t('order.short');
    const ok = await Dialog.confirm({
      title: t('order.confirmTitle'),
      content: (
        <dl className="k-confirm-list" data-testid="order-confirm">
          <Figure label={t('order.stock')}>
            {target.name} ({target.symbol})
          </Figure>
          <Figure label={t('order.direction')} className={direction === 1 ? 'k-trend-up' : 'k-trend-down'}>
            {side}
          </Figure>
          <Figure label={t('order.type')}>
            {t(`book.timing.${book.timing}.${orderType === 1 ? 'market' : 'limit'}`)}
            {orderType === 2 && ` ${formatPrice(formatUnits(priceUnits), target.decimals)}`}
          </Figure>
          <Figure label={t('book.validity')}>
            {book.timing !== 'any' || book.until === 'day' ? t('book.day') : book.until}
          </Figure>
          {exit.kind !== 'none' && <Figure label={ifdName}>{t(`exit.kind.${exit.kind}`)}</Figure>}
          <Figure label={t('order.leverage')}>×{leverage}</Figure>
          <Figure label={t('order.quantity')}>{t('order.shares', { n: qty.toLocaleString() })}</Figure>
          <Figure label={t('order.margin')}>{money(est.margin)}</Figure>
          <Figure label={t('order.fee')}>{money(est.fee)}</Figure>
          <div className="is-total">
            <dt>{t('order.total')}</dt>
            <dd>{money(est.total)}</dd>
          </div>
        </dl>
      ),
      confirmText: t('order.place'),
      cancelText: t('common:actions.cancel'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const reply = await placeOrder({
        symbol: target.symbol,
        market: target.market,
        quantity: qty,
        leverage,
        direction,
        orderType,
        ...(orderType === 2 ? { limitPrice: formatUnits(priceUnits) } : {}),
        ...(nisa && nisaAllowed ? { nisa: true } : {}),
        timing: book.timing,
        validUntil: book.timing === 'any' ? book.until : 'day',
        ...(exit.kind !== 'none' ? { ifd: { kind: exit.kind, ...exitWireFields(exit) } } : {}),
      });
      showMsg(reply.code ?? 'ok.bought');
      onClose();
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (MARGIN_REFUSALS.has(e.code)) setMarginRefusal(e.code);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="k-sheet"
      destroyOnClose={false}
      getContainer={() => document.querySelector<HTMLElement>('.k-overlay-root') ?? document.body}
    >
      <div className="k-sheet-head">
        <div>
          <strong>{target.name}</strong>
          <small>
            {target.symbol} · {formatPrice(target.price, target.decimals)}
            {target.dataMode && <DataModeLabel {...target.dataMode} />}
          </small>
        </div>
        <button type="button" className="k-icon-btn" onClick={onClose} aria-label={t('common:actions.close')}>
          <Icon name="close" size={20} />
        </button>
      </div>
      <div className="k-sheet-body" data-testid="order-sheet">
        <div className="k-dir-switch" role="tablist">
          <button
            type="button"
            role="tab"
            aria-selected={direction === 1}
            className={`is-long${direction === 1 ? ' is-active' : ''}`}
            onClick={() => onDirection(1)}
            data-testid="order-long"
          >
            {t('order.long')}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={direction === 2}
            className={`is-short${direction === 2 ? ' is-active' : ''}`}
            onClick={() => onDirection(2)}
            data-testid="order-short"
          >
            {t('order.short')}
          </button>
        </div>

        <div className="k-form-row">
          <span className="k-form-label">{t('order.type')}</span>
          <div className="k-pills">
            {([1, 2] as const).map((ot) => (
              <button
                key={ot}
                type="button"
                className={orderType === ot ? 'is-active' : ''}
                onClick={() => chooseType(ot)}
                data-testid={ot === 1 ? 'order-type-market' : 'order-type-limit'}
              >
                {ot === 1 ? t('order.market') : t('order.limit')}
              </button>
            ))}
          </div>
        </div>

        {calendar && (
          <OrderBookFields
            calendar={calendar}
            market={target.market}
            now={now}
            orderType={orderType}
            value={book}
            onChange={setBook}
          />
        )}

        {orderType === 2 && (
          <div className="k-form-row is-stack">
            <span className="k-form-label">{t('order.price')}</span>
            <PriceInput
              decimals={target.decimals}
              value={priceText}
              onChange={(v, refused) => {
                setPriceText(v);
                setPriceRefused(refused !== null);
              }}
              label={t('order.price')}
              testid="order-price"
              stepper={{
                down: { label: t('order.priceDown'), onStep: () => stepPrice(-1) },
                up: { label: t('order.priceUp'), onStep: () => stepPrice(1) },
              }}
            />
            <p className="k-form-hint">
              {t('order.tickHint', { tick: target.tick.replace(/\.?0+$/, '') })}
              {target.limitUp && target.limitDown && (
                <>
                  {' · '}
                  {t('order.limitHint', {
                    down: formatPrice(target.limitDown, target.decimals),
                    up: formatPrice(target.limitUp, target.decimals),
                  })}
                </>
              )}
            </p>
          </div>
        )}

        <div className="k-form-row is-stack">
          <span className="k-form-label">{t('order.leverage')}</span>
          <div className="k-pills is-wrap">
            {leverages.map((l) => (
              <button
                key={l}
                type="button"
                className={leverage === l ? 'is-active' : ''}
                onClick={() => setLeverage(l)}
                data-testid={`order-leverage-${l}`}
              >
                ×{l}
              </button>
            ))}
          </div>
        </div>

        {nisaAllowed && (
          <label className="k-form-row k-order-nisa">
            <input
              type="checkbox"
              checked={nisa}
              onChange={(e) => setNisa(e.target.checked)}
              data-testid="order-nisa"
            />
            <span>{t('order.nisa')}</span>
          </label>
        )}

        <div className="k-form-row is-stack">
          <span className="k-form-label">
            {t('order.quantity')}
            <small>{t('order.minHint', { min: target.minQty })}</small>
          </span>
          <SharesInput
            value={qtyText}
            onChange={(v, refused) => {
              setQtyText(v);
              setQtyRefused(refused !== null);
            }}
            label={t('order.quantity')}
            testid="order-qty"
            stepper={{
              down: { label: t('order.qtyDown'), onStep: () => stepQty(-1) },
              up: { label: t('order.qtyUp'), onStep: () => stepQty(1) },
            }}
          />
          <div className="k-pills is-small">
            {QTY_STEPS.map((n) => (
              <button key={n} type="button" onClick={() => stepQty(n)}>
                +{n}
              </button>
            ))}
          </div>
        </div>

        <div className="k-form-row is-stack">
          <span className="k-form-label">
            {exit.kind === 'none' ? t('exit.ifdTitle') : ifdName}
            <small>{t('exit.ifdHint')}</small>
          </span>
          <ExitFields
            side={direction}
            value={exit}
            onChange={setExit}
            reference={priceUnits}
            decimals={target.decimals}
            testid="order-then"
          />
        </div>

        {preview && (
          <p className="k-order-when" data-testid="order-when">
            {preview}
          </p>
        )}

        <dl className="k-order-sum" data-testid="order-summary">
          <Figure label={t('order.notional')}>{money(est.notional)}</Figure>
          <Figure label={t('order.margin')} testid="order-margin">
            {money(est.margin)}
          </Figure>
          <Figure label={t('order.fee')} testid="order-fee">
            {money(est.fee)}
          </Figure>
          <div className="is-total">
            <dt>{t('order.total')}</dt>
            <dd data-testid="order-total">{money(est.total)}</dd>
          </div>
          <Figure label={t('order.available')} testid="order-available">
            {user.data ? formatMoney(available, target.market) : '--'}
          </Figure>
        </dl>

        {marginRefusal && (
          <div className="k-order-note" data-testid="order-margin-needed">
            <p>
              {t(marginRefusal === 'margin.pendingReview' ? 'order.marginPending' : 'order.marginNeeded')}
            </p>
            <button
              type="button"
              className="k-btn k-btn-ghost"
              onClick={() => navigate('/mine/margin')}
              data-testid="order-margin-apply"
            >
              {t(marginRefusal === 'margin.pendingReview' ? 'order.marginStatus' : 'order.applyMargin')}
            </button>
          </div>
        )}
        {noFundPassword ? (
          <div className="k-order-note">
            <p>{t('order.needFundPassword')}</p>
            <button
              type="button"
              className="k-btn k-btn-ghost"
              onClick={() => navigate('/mine/fundPassword')}
            >
              {t('order.setFundPassword')}
            </button>
          </div>
        ) : (
          problem && (
            <p className="k-order-problem" role="alert" data-testid="order-problem">
              {problem}
            </p>
          )
        )}
        <button
          type="button"
          className={`k-btn k-btn-block k-order-submit ${direction === 1 ? 'is-long' : 'is-short'}`}
          disabled={Boolean(problem) || fieldRefused || busy || noFundPassword}
          onClick={() => void submit()}
          data-testid="order-submit"
        >
          {direction === 1 ? t('order.submitLong') : t('order.submitShort')}
        </button>
      </div>
    </Popup>
  );
}

/** A decimal string with the given decimals, no separators ("3012.5000" → "3012.5"). */
function formatUnitsTrim(value: string, decimals: number): string {
  const u = parseUnits(value);
  if (u === null) return '';
  const [whole, frac = ''] = formatUnits(u).split('.');
  return decimals > 0 ? `${whole}.${frac.slice(0, decimals)}` : whole;
}
