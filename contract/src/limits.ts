// How long a typed text may be, said once: the schemas refuse longer, and the forms stop typing there. Free of zod,
// so a form's chunk takes the numbers without the schemas.
export const TEXT_LIMITS = {
  /** A shop's name, as the new-shop page and the import write it. */
  shopName: 200,
  street: 150,
  /** A house number's addition ('bus 2'), and a postal code. */
  addition: 20,
  postalCode: 20,
  /** The sample report. */
  report: 20_000,
  /** An FC70 or competitor brand's name, a person's first or last name, a country's. */
  name: 100,
  /** A sign-in login: an e-mail address at most. */
  login: 320,
  /** An appointment's name, and its remarks. */
  appointmentName: 200,
  appointmentRemarks: 2000,
  /** A pipeline status's next step ('offerte sturen'), and why a shop said no, in the rep's words. */
  nextStep: 200,
  reasonText: 500,
} as const;
