// What every multi-select of the app shares (the wizard's brands and assignees, the calendar's colleagues): the chips'
// remove buttons named in Dutch ('Verwijder Jan Maes') and thumb-sized on a phone, and options ranked by what was typed.
import { components, type CSSObjectWithLabel, type GroupBase, type MultiValueRemoveProps } from 'react-select';
import { nlChips } from '../i18n/nlChips';
import { foldForSearch } from './foldForSearch';

export function DutchMultiValueRemove<Option, Group extends GroupBase<Option>>(props: MultiValueRemoveProps<Option, true, Group>) {
  const label = props.selectProps.getOptionLabel(props.data);
  return <components.MultiValueRemove {...props} innerProps={{ ...props.innerProps, 'aria-label': nlChips.remove(label) }} />;
}

/** The chip's remove button: 24 px wide at a desk, 44 × 44 px on a phone, as the app's other tap targets. */
export const chipRemoveStyle = (base: CSSObjectWithLabel): CSSObjectWithLabel => ({
  ...base,
  minWidth: 24,
  justifyContent: 'center',
  '@media (max-width: 575.98px)': { minWidth: 44, minHeight: 44 },
});

/**
 * The options in the order a search should show them: those whose first word begins with what was typed first (a
 * first name), then those with another word beginning with it (a surname), then the rest, each group in its own order.
 */
export function rankByTyped<Option>(options: readonly Option[], typed: string, label: (option: Option) => string): Option[] {
  const wanted = foldForSearch(typed.trim());
  if (!wanted) return [...options];
  const rank = (option: Option) => {
    const words = foldForSearch(label(option)).split(/\s+/);
    if (words[0]?.startsWith(wanted)) return 0;
    if (words.some((w) => w.startsWith(wanted))) return 1;
    return 2;
  };
  return options
    .map((option, index) => ({ option, index, rank: rank(option) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((r) => r.option);
}
