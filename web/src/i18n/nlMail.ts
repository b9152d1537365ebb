// Instellingen and the unsubscribe page of a mail (docs/decisions/069-mail-and-job-queue.md, 070): texts that load with
// those screens, not with Home.
import type { MailKind } from '@prospectie/contract';

export const nlMail = {
  settings: {
    title: 'Instellingen',
    loading: 'Instellingen worden geladen...',
    notOnDevice: 'Je instellingen staan niet op dit toestel.',
    mail: 'E-mail',
    addressBefore: 'Je e-mails gaan naar',
    noAddress: 'Er is geen e-mailadres van je gekend, dus je krijgt geen e-mails. Een beheerder van Prospectie kan er een instellen.',
    notSending: 'Deze installatie van Prospectie verstuurt geen e-mails. Je kunt je keuzes wel al instellen.',
    offline: 'Geen verbinding: je keuzes wijzigen kan pas weer met verbinding.',
    kinds: {
      todo: { label: 'E-mail bij een nieuwe taak', help: 'Wanneer een collega je een taak geeft.' },
      digest: {
        label: 'Ochtendoverzicht',
        help: 'Elke werkdag om 7.30 uur: je afspraken van vandaag, je open taken, wat je moet opvolgen en de winkels om te bezoeken.',
      },
    } satisfies Record<MailKind, { label: string; help: string }>,
    saving: 'Bezig met opslaan...',
    saved: 'Opgeslagen',
  },
  unsubscribe: {
    title: 'Afmelden voor e-mails',
    loading: 'Afmeldlink wordt nagekeken...',
    question: {
      todo: 'Geen e-mail meer bij een nieuwe taak?',
      digest: 'Geen ochtendoverzicht meer?',
    } satisfies Record<MailKind, string>,
    /** What she would stop, under the question. */
    what: {
      todo: 'Prospectie stuurt je een e-mail wanneer een collega je een taak geeft.',
      digest: 'Prospectie stuurt je elke werkdag om 7.30 uur een overzicht van je dag.',
    } satisfies Record<MailKind, string>,
    confirm: 'Afmelden',
    busy: 'Bezig met afmelden...',
    doneTitle: 'Afgemeld',
    done: {
      todo: 'Je krijgt geen e-mail meer bij een nieuwe taak.',
      digest: 'Je krijgt geen ochtendoverzicht meer.',
    } satisfies Record<MailKind, string>,
    againBefore: 'Je kunt dit weer aanzetten bij',
    settings: 'Instellingen',
    toApp: 'Naar Prospectie',
    offline: 'Geen verbinding: afmelden kan pas weer met verbinding.',
  },
};
