// The calendar's colours (spec §3 "Calendar event shown"), without imports: the e2e test reads them from here too.

/** A background colour and a text colour that reads on it with at least WCAG AA contrast. */
export interface EventColour {
  background: string;
  text: string;
}

/** Spec §3: own appointments are yellow (CSS `yellow`, as the colleagues' colours are CSS names). */
export const OWN_COLOUR: EventColour = { background: '#ffff00', text: '#000000' };

/** Colleagues in selection order: tomato red, green, blue, orange, purple, pink. */
export const COLLEAGUE_COLOURS: readonly EventColour[] = [
  { background: '#ff6347', text: '#000000' },
  { background: '#008000', text: '#ffffff' },
  { background: '#0000ff', text: '#ffffff' },
  { background: '#ffa500', text: '#000000' },
  { background: '#800080', text: '#ffffff' },
  { background: '#ffc0cb', text: '#000000' },
];

/** From the seventh colleague on. */
export const OVERFLOW_COLOUR: EventColour = { background: '#808080', text: '#000000' };

export function colleagueColour(selectionIndex: number): EventColour {
  return COLLEAGUE_COLOURS[selectionIndex] ?? OVERFLOW_COLOUR;
}
