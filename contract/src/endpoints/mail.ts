// E-mail (docs/decisions/069-mail-and-job-queue.md): each person's settings, the administration's log, and the
// unsubscribe every mail carries, which needs no session but a token of its own (decision 070).
import { z } from 'zod';
import { endpoint } from '../endpoint';
import * as address from './addresses';
import { mailKind, mailLogPage, mailLogQuery, mailSettings, mailSettingsInput } from '../mail';

export const myMailSettings = endpoint({
  ...address.myMailSettings,
  tags: ['mail'],
  description: "The signed-in person's mail settings and the address her mail goes to.",
  responses: { 200: mailSettings },
  errors: ['no_employee'],
});

export const setMyMailSettings = endpoint({
  ...address.setMyMailSettings,
  tags: ['mail'],
  description: 'Turns each kind of mail on or off for the signed-in person. Sending the same settings again changes nothing.',
  body: mailSettingsInput,
  responses: { 200: mailSettings },
  errors: ['no_employee'],
});

export const mailLog = endpoint({
  ...address.mailLog,
  tags: ['admin'],
  description: 'What was sent to whom and when, and what became of it, newest first; never the contents.',
  query: mailLogQuery,
  responses: { 200: mailLogPage },
  roles: ['beheerder'],
});

const unsubscribeToken = z.object({ token: z.string().max(200) });
const unsubscribed = z.object({ kind: mailKind });

/**
 * Public: the token in the path is the credential (a mail client sends no cookie). A browser opening the address
 * (the mail's List-Unsubscribe in a client without one-click) is sent to the app's page for it, /afmelden/:token.
 */
export const unsubscribeKind = endpoint({
  ...address.unsubscribeKind,
  tags: ['mail'],
  description:
    'The kind of mail an unsubscribe token turns off; changes nothing. A browser (Accept: text/html) is sent to /afmelden/:token.',
  params: unsubscribeToken,
  responses: { 200: unsubscribed, 303: z.undefined().describe('to the page /afmelden/:token') },
  errors: ['unsubscribe_not_found'],
  public: true,
});

/** RFC 8058 one-click: a mail client posts `List-Unsubscribe=One-Click` from outside the app; the app's page posts too. */
export const unsubscribe = endpoint({
  ...address.unsubscribe,
  tags: ['mail'],
  description:
    'Turns off the kind of mail the token was sent with. Takes the one-click form body of RFC 8058 (or none); again: the same answer.',
  params: unsubscribeToken,
  responses: { 200: unsubscribed },
  errors: ['unsubscribe_not_found'],
  public: true,
  fromOutside: true,
});
