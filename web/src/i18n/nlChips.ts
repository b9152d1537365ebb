// The chips of the multi-selects (brands, assignees, colleagues): a module of its own, since no select is in Home's
// first download.
export const nlChips = {
  /** The remove button of a chosen item: 'Verwijder Jan Maes'. */
  remove: (label: string) => `Verwijder ${label}`,
};
