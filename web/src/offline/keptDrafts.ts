// Drafts kept on this device's local storage: the screens write them, signing out must know of them (it wipes them).

/** Every draft's storage key starts with this; the wizard adds version, user and shop. */
export const DRAFT_KEY_PREFIX = 'prospectie:wizard-draft:';

/** True when any draft is kept on this device (signing out would wipe it). */
export function hasKeptDraft(storage: Pick<Storage, 'length' | 'key'> | null = deviceStorage()): boolean {
  if (!storage) return false;
  for (let i = 0; i < storage.length; i++) {
    if (storage.key(i)?.startsWith(DRAFT_KEY_PREFIX)) return true;
  }
  return false;
}

/** The browser's local storage, or null where it is blocked. */
export function deviceStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
