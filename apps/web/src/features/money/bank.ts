/** A masked number from the server ("***1547") shown as a card number: "•••• 1547". */
export function maskedNumber(masked: string): string {
  const tail = masked.replace(/[^0-9A-Za-z]/g, '').slice(-4);
  return tail ? `•••• ${tail}` : masked;
}

/** Digits only (account numbers, branch codes), half-width. */
export const digitsOnly = (v: string, max: number): string =>
  v
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/\D/g, '')
    .slice(0, max);
