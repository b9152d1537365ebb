// Spec §4: a visit's contact and visit type are looked up by id in the full reference lists.
import type { NamedItem } from '@prospectie/contract';

export function nameById(items: NamedItem[], id: number): string | undefined {
  return items.find((item) => item.id === id)?.name;
}
