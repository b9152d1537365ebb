// Fresh unique keys: an idempotency key for a write, a list key for a row the rep adds.
/** A fresh unique key; crypto.randomUUID exists only in a secure context (a phone on the LAN's plain http has none). */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
