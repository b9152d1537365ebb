// react-select's own default texts, which the spec keeps (§8), for every react-select of the app.
import { nl } from '../i18n/nl';

export const selectTexts = {
  placeholder: nl.select.placeholder,
  noOptionsMessage: () => nl.select.noOptions,
  loadingMessage: () => nl.select.loading,
};
