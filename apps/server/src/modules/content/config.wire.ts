import type { DailyWindow as Window } from '@kabuto/domain';
import { formatUnits, type Market, parseUnits } from '@kabuto/domain';
import { configuredFeeSchedule, type Settings } from '../../shared/settings.ts';

/** A new-share application's default quantity (`dgsg`): one Japanese trading unit of 100 shares. */
export const DEFAULT_IPO_APPLICATION = 100;

/** A rate in ppm as the family's fraction of the notional: 300 ppm → "0.0003", 0 → "0". */
export function ppmFraction(ppm: bigint): string {
  const neg = ppm < 0n;
  const abs = neg ? -ppm : ppm;
  const frac = (abs % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${abs / 1_000_000n}${frac ? `.${frac}` : ''}`;
}

/** A limit setting (a validated decimal) as the wire's 4-decimal string. */
const decimal = (text: string) => formatUnits(parseUnits(text) ?? 0n);

/**
 * `/common/config` with `type=<market>` (docs/wire.md, "`type`: markets and wallets"): the market's trading config under the family's names,
 * built from the same settings and fee schedule the server enforces, so what a client shows is what
 * an order is charged. `depositWindow` is the widest window of the wallet's open deposit channels
 * (null: no channel).
 */
export function marketConfig(
  settings: Settings,
  market: Market,
  nowMs: number,
  depositWindow: (Window & { needsPassword?: boolean }) | null,
): { name: string; value: string }[] {
  const fees = configuredFeeSchedule(settings, market, nowMs);
  const deposit = settings.deposit_limits[market];
  const withdraw = settings.withdraw_limits[market];
  const entries: [string, string][] = [
    ['ganggang', settings.trading_leverage[market].join('/')],
    ['buytype', '1'],
    ['gtype', '0'],
    ['buycharge', ppmFraction(fees.buy.ppm)],
    ['minshouxu', formatUnits(fees.buy.min)],
    ['sellcharge', ppmFraction(fees.sell.ppm)],
    ['minsellshouxu', formatUnits(fees.sell.min)],
    ['stampduty', ppmFraction(fees.stampDutySellPpm)],
    ['dgsg', String(DEFAULT_IPO_APPLICATION)],
    ['srecharge', depositWindow?.from ?? ''],
    ['erecharge', depositWindow?.to ?? ''],
    ['minrecharge', decimal(deposit.min)],
    ['maxrecharge', decimal(deposit.max)],
    // "1" when a deposit asks for the channel password (setting channel_password, never sent): unless
    // no enabled channel of the wallet needs one
    ['rpassword', depositWindow?.needsPassword === false ? '' : '1'],
    ['swithdrawal', settings.withdraw_window.from],
    ['ewithdrawal', settings.withdraw_window.to],
    ['minwithdrawal', decimal(withdraw.min)],
    ['maxwithdrawal', decimal(withdraw.max)],
    ['kefu', settings.kefu],
    ['title', settings.title],
    ['logo', `${settings.image_base_url}${settings.logo}`],
  ];
  return entries.map(([name, value]) => ({ name, value }));
}
