// E-mail settings, the administration's mail log and the one-click unsubscribe (../mail.ts): where each is called.
import { at } from './at';

export const myMailSettings = at('GET', '/me/mail-settings');
export const setMyMailSettings = at('PUT', '/me/mail-settings');
export const mailLog = at('GET', '/admin/mails');
export const unsubscribeKind = at('GET', '/mail/unsubscribe/:token');
export const unsubscribe = at('POST', '/mail/unsubscribe/:token');
