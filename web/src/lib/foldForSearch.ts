// How every search box compares text: lower case, accents ignored.

/**
 * Lower case without accents, so 'peruwelz' finds 'Péruwelz' and 'Peruwelz' finds 'PÉRUWELZ', as react-select's
 * default filter (the spec's widget) did.
 */
export function foldForSearch(text: string): string {
  const lower = text.toLowerCase();
  // Most names are plain ASCII: they skip the normalisation (20,000 shops are indexed at once).
  return /[^ -~\s]/.test(lower) ? lower.normalize('NFD').replace(/\p{M}/gu, '') : lower;
}
