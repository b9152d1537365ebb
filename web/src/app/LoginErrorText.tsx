// The issuer's answer, as the callback put it in ?loginError, in Dutch: a chunk of its own, loaded only after a failed
// single sign-on, not with the first download.
import { nlLoginErrors } from '../i18n/nlLoginErrors';

export function LoginErrorText({ code }: { code: string }) {
  return nlLoginErrors[code] ?? nlLoginErrors.failed;
}
