// The sample report page's Dutch: a module of its own, so only that screen's chunk carries it and the first
// download does not.
import { validationRules } from './nlErrors';

export const nlReport = {
  notOnDevice: 'Je voorbeeldrapport staat niet op dit toestel.',
  title: 'Prospectie Voorbeeld Rapport',
  explanation:
    'Schrijf hier je voorbeeld van een prospectierapport. Het dient als stijlgids voor de rapporten die je later aan het management bezorgt.',
  empty: 'Nog geen rapport beschikbaar.',
  loading: 'Rapport wordt geladen...',
  newReport: 'Nieuw rapport',
  editReport: 'Bewerk rapport',
  label: 'Prospectierapport',
  placeholder: 'Typ hier je prospectierapport...',
  save: 'Opslaan',
  update: 'Bijwerken',
  cancel: 'Annuleren',
  close: 'Sluiten',
  created: 'Nieuw rapport aangemaakt!',
  updated: 'Rapport geüpdatet!',
  saveFailed: 'Fout bij opslaan van het rapport',
  createFailed: 'Fout bij aanmaken van rapport',
  updateFailed: 'Fout bij updaten van rapport',
  emptyRefused: validationRules.report_empty,
};
