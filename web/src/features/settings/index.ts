// Instellingen and the unsubscribe page of a mail, one chunk: the app's router opens both from here.
export { SettingsPage } from './SettingsPage';
export { UnsubscribePage } from './UnsubscribePage';
