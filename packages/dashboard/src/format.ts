/** Money and time as people read them. Amounts are integers in minor units (cents). */

const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(value: number, currency = 'USD'): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter.format(value / 100);
}

/** "12.34" or "12" → 1234 cents; undefined when it is not an amount with at most two decimals. */
export function parseMoney(text: string): number | undefined {
  const trimmed = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return undefined;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

export function shortID(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}

/** `ach-debit-fund` → `ACH debit fund`, `moov-wallet` → `Moov wallet`. */
export function humanize(value: string): string {
  const words = value.replace(/[._-]+/g, ' ').trim();
  return words
    .split(' ')
    .map((word, index) => (['ach', 'rtp', 'id', 'ssn', 'url'].includes(word.toLowerCase()) ? word.toUpperCase() : index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word))
    .join(' ');
}
