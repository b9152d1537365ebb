// A record id in the address (/shop/12): a whole number above zero, or undefined (spec §2: anything else is 404).
export function routeId(segment: string | undefined): number | undefined {
  return segment && /^\d+$/.test(segment) && Number(segment) > 0 ? Number(segment) : undefined;
}
