// Fresh unique keys: an idempotency key for a write, a list key for a row the rep adds, an appointment's id made on the device.
/**
 * A fresh version-4 UUID (the form the appointments API takes for an id made on the device, decision 028);
 * crypto.randomUUID exists only in a secure context (a phone on the LAN's plain http has none).
 */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
