// The typed coordinates beside Beheer's pin map: degrees as a Fleming types them (a comma or a point), in range.

/** The degrees typed, or null when they are no number within ±`max` (90 for a latitude, 180 for a longitude). */
export function parseDegrees(text: string, max: number): number | null {
  const typed = text.trim().replace(',', '.');
  if (!/^[-+]?\d{1,3}(\.\d+)?$/.test(typed)) return null;
  const degrees = Number(typed);
  return Math.abs(degrees) <= max ? Number(degrees.toFixed(5)) : null;
}

/** Degrees as the field shows them: five decimals (about a metre), with a comma. */
export const showDegrees = (degrees: number) => degrees.toFixed(5).replace('.', ',');
