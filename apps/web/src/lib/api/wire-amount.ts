/** A wire row with the amount under its wire name, `money`. */
type WithMoney = { money?: unknown };

/** The row with `money` renamed `amount` (the English name the screens read). */
export type WithAmount<T extends WithMoney> = Omit<T, 'money'> & { amount: T['money'] };

/** Renames a wire row's `money` to `amount`; every other field keeps its name. */
export function withAmount<T extends WithMoney>(row: T): WithAmount<T> {
  const { money, ...rest } = row;
  return { ...rest, amount: money } as WithAmount<T>;
}
