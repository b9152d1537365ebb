// The select widgets' Dutch texts (DESIGN.md difference 9), for every react-select of the app.
import { nl } from '../i18n/nl';

export const selectTexts = {
  placeholder: nl.select.placeholder,
  noOptionsMessage: () => nl.select.noOptions,
  loadingMessage: () => nl.select.loading,
};
