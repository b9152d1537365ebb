// The one-click unsubscribe every mail carries (docs/decisions/070-unsubscribe-without-a-session.md): a token of its
// own, derived from the person, the kind of mail and the server's key, so the link needs no session and no table;
// a token for one kind turns only that kind off.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_KINDS, type MailKind } from '@prospectie/contract';

const mac = (secret: string, employeeId: number, kind: MailKind) =>
  createHmac('sha256', secret).update(`unsubscribe:${employeeId}:${kind}`).digest().subarray(0, 24).toString('base64url');

/** `<kind>.<employeeId>.<mac>` */
export const unsubscribeToken = (secret: string, employeeId: number, kind: MailKind) =>
  `${kind}.${employeeId}.${mac(secret, employeeId, kind)}`;

export const unsubscribeUrl = (publicUrl: string, secret: string, employeeId: number, kind: MailKind) =>
  `${publicUrl}/api/mail/unsubscribe/${unsubscribeToken(secret, employeeId, kind)}`;

/** The person and kind a token stands for, or null when it is not one of ours. */
export function readUnsubscribeToken(secret: string, token: string): { employeeId: number; kind: MailKind } | null {
  const match = /^([a-z]+)\.([1-9]\d{0,9})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const kind = MAIL_KINDS.find((k) => k === match[1]);
  const employeeId = Number(match[2]);
  if (!kind || !Number.isSafeInteger(employeeId)) return null;
  const expected = Buffer.from(mac(secret, employeeId, kind));
  const given = Buffer.from(match[3]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { employeeId, kind } : null;
}
