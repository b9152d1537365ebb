// Where a shop stands per FC70 brand (decision 066): the statuses' and reasons' Dutch labels (from the contract, which
// the server's exports read too), the shop page's section and its dialog, Home's Opvolgen, the wizard's choices. A
// module of its own: Home's first download does not carry it.
import { followUpTexts } from '@prospectie/contract/first-screen-today';
import { NOT_INTERESTED_REASON_LABELS, PIPELINE_STATUS_LABELS, type PipelineSource } from '@prospectie/contract/pipeline';

export const nlPipeline = {
  status: PIPELINE_STATUS_LABELS,
  reason: NOT_INTERESTED_REASON_LABELS,
  source: {
    visit: 'uit het bezoek',
    rep: 'gezet',
    import: 'uit de ERP-import',
    replay: 'uit een eerder bezoek',
  } satisfies Record<PipelineSource, string>,
  section: {
    title: 'Merken van FC70',
    loading: 'Stand per merk wordt geladen...',
    notOnDevice: 'De stand per merk van deze winkel staat niet op dit toestel: je opende ze nog niet met verbinding.',
    empty: 'Nog geen stand per merk: een eerste bezoek zet elk FC70-merk op ‘Bezocht’.',
    since: (date: string) => `sinds ${date}`,
    setByRep: 'door een vertegenwoordiger gezet',
    nextStep: (step: string | null, date: string | null) => [step ?? 'Volgende stap', date ? `op ${date}` : null].filter(Boolean).join(' '),
    change: (brand: string) => `Stand van ${brand} wijzigen`,
    changeShort: 'Wijzigen',
    history: 'Geschiedenis',
    historyEmpty: 'Nog geen wijzigingen.',
    historyLine: (from: string, to: string) => `${from} → ${to}`,
    by: (name: string) => `door ${name}`,
    kept: 'Bewaard op dit toestel: wordt verzonden zodra er verbinding is.',
    refused: (message: string) => `De server weigerde een stand die je zette: ${message}`,
    forget: 'Vergeten',
  },
  dialog: {
    title: (brand: string) => `Stand van ${brand}`,
    status: 'Stand',
    reason: 'Waarom niet?',
    reasonPick: 'Kies een reden',
    reasonText: 'Toelichting (optioneel)',
    nextStep: 'Volgende stap (optioneel)',
    nextStepPlaceholder: 'bv. offerte sturen, showroomafspraak',
    nextStepDate: 'Op (optioneel)',
    save: 'Bewaren',
    saving: 'Wordt bewaard...',
    cancel: 'Annuleren',
  },
  followUps: {
    ...followUpTexts,
    loading: 'Op te volgen winkels worden geladen...',
  },
};
