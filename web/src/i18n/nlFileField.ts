// The Dutch button over the browser's own file button, and what it says before a file is chosen: only the screens
// that take a file load it.
export const nlFileField = { choose: 'Bestand kiezen...', none: 'Geen bestand gekozen' };
