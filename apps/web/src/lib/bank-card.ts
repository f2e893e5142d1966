/** A masked number from the server ("***1547") shown as a card number: "•••• 1547". */
export function maskedNumber(masked: string): string {
  const tail = masked.replace(/[^0-9A-Za-z]/g, '').slice(-4);
  return tail ? `•••• ${tail}` : masked;
}
