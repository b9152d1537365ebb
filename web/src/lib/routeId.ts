// A record id in the address (/shop/12): a whole number above zero, or undefined (spec §2: anything else is 404).
export function routeId(segment: string | undefined): number | undefined {
  return segment && /^\d+$/.test(segment) && Number(segment) > 0 ? Number(segment) : undefined;
}

/** A path segment as the rep typed it, or undefined when its escapes are malformed (/shop/%E0%A4%A). */
export function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Whether every segment of the address can be read; one that cannot shows the Fout page. */
export function isReadablePath(pathname: string): boolean {
  return pathname.split('/').every((segment) => decodeSegment(segment) !== undefined);
}
