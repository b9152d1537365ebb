// What a person left empty: a text of only spaces is no text. Free of zod, for the server and any screen's chunk.

/** Whether a typed text is empty or only whitespace. */
export const isBlank = (text: string | null | undefined) => (text ?? '').trim() === '';

/** A typed text as it is kept: trimmed, or null when nothing was typed. */
export const textOrNull = (text: string | null | undefined): string | null => (isBlank(text) ? null : text!.trim());
