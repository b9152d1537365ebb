// Leaving a screen with changes not saved: only the screens that guard them load these.
export const nlUnsaved = {
  confirm: 'Niet-opgeslagen wijzigingen zullen verloren gaan. Toch verdergaan?',
  title: 'Pagina verlaten?',
  leave: 'Verdergaan',
  stay: 'Blijven',
};
