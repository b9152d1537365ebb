// Why single sign-on failed, per code the server's callback sends back (?loginError=): loaded only when it did.
import { userNotFound } from './nl';

export const nlLoginErrors: Record<string, string> & { failed: string } = {
  unknown_user: userNotFound,
  access_denied: 'Het aanmelden werd geweigerd of geannuleerd bij de aanmeldpagina van je organisatie.',
  invalid_grant: 'De aanmelding is verlopen of ongeldig geworden.',
  timeout: 'De aanmeldserver van je organisatie antwoordde niet op tijd.',
  unreachable: 'De aanmeldserver van je organisatie is niet bereikbaar.',
  expired: 'Het aanmelden duurde te lang of werd onderbroken.',
  deactivated: 'Je account is gedeactiveerd. Vraag de beheerder van Prospectie om het opnieuw te activeren.',
  failed: 'Er ging iets mis bij het aanmelden. Probeer het later opnieuw.',
};
