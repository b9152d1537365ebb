// The Home shop search: a Downshift combobox over a react-window list, so a keystroke builds only the rows in
// view however many of the 20,000 shops match (docs/decisions/012-home-shop-combobox.md).
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useCombobox, type UseComboboxPropGetters, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import { List, type ListImperativeAPI, type RowComponentProps } from 'react-window';
import type { ShopListItem } from '@prospectie/contract';
import { nl } from '../../i18n/nl';
import { buildShopIndex, buildShopIndexInSlices, searchShops, warmUpShopSearch, type IndexedShop, type ShopSearch } from './shopSearch';

const ROW_HEIGHT = 50;
const MAX_MENU_HEIGHT = 200;
/** Rows PageUp and PageDown move (spec §9: select page size 5; Downshift moves 10). */
export const PAGE_SIZE = 5;
const { InputBlur, InputChange, InputClick, InputKeyDownPageDown, InputKeyDownPageUp, ItemMouseMove, MenuMouseLeave } =
  useCombobox.stateChangeTypes;

/** Where Downshift's defaults differ from the react-select this replaced; `rowCount` is how many rows the list holds. */
function keepReactSelectBehaviour(
  state: UseComboboxState<IndexedShop>,
  { type, changes }: UseComboboxStateChangeOptions<IndexedShop>,
  rowCount: number,
) {
  const from = Math.max(state.highlightedIndex, 0);
  switch (type) {
    // A page is 5 rows, and a page key stops at the first or last row instead of wrapping round.
    case InputKeyDownPageDown:
      return rowCount ? { ...changes, highlightedIndex: Math.min(from + PAGE_SIZE, rowCount - 1) } : changes;
    case InputKeyDownPageUp:
      return rowCount ? { ...changes, highlightedIndex: Math.max(from - PAGE_SIZE, 0) } : changes;
    // Leaving the field never opens a shop (Downshift would choose the highlighted row).
    case InputBlur:
      return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
    // A click in the field opens the list but does not close it.
    case InputClick:
      return state.isOpen ? { ...changes, isOpen: true, highlightedIndex: state.highlightedIndex } : changes;
    // The highlighted row stays when the pointer leaves the list, so Enter still opens it.
    case MenuMouseLeave:
      return { ...changes, highlightedIndex: state.highlightedIndex };
    default:
      return changes;
  }
}

const ShopLabel = memo(function ShopLabel({ shop }: { shop: ShopListItem }) {
  const details = [shop.city, shop.customer].filter(Boolean).join(' · ');
  return (
    <>
      <span className="d-block fw-semibold text-truncate">{shop.name}</span>
      <span className="d-block small text-truncate opacity-75">{details || nl.notAvailable}</span>
    </>
  );
});

interface RowProps {
  matches: IndexedShop[];
  getItemProps: UseComboboxPropGetters<IndexedShop>['getItemProps'];
  highlightedIndex: number;
}

/** One 50 px row; only the rows in view (and a few beyond) exist. */
function ShopRow({ index, style, ariaAttributes, matches, getItemProps, highlightedIndex }: RowComponentProps<RowProps>) {
  const match = matches[index];
  return (
    <div
      {...getItemProps({ item: match, index, style })}
      aria-posinset={ariaAttributes['aria-posinset']}
      aria-setsize={ariaAttributes['aria-setsize']}
      className={index === highlightedIndex ? 'shop-combobox-option active' : 'shop-combobox-option'}
    >
      <ShopLabel shop={match.shop} />
    </div>
  );
}

/** A list this long is indexed at once; a longer one in slices (below). */
const INDEX_AT_ONCE = 1000;

/**
 * The search index of `shops`. A long list is indexed in slices between which the page keeps running; meanwhile
 * the index of the list before it (none at first) is searched and `indexing` is true (the field shows it is busy).
 */
function useShopIndex(shops: ShopListItem[]) {
  const atOnce = useMemo(() => (shops.length <= INDEX_AT_ONCE ? buildShopIndex(shops) : null), [shops]);
  const [sliced, setSliced] = useState<{ of: ShopListItem[]; index: IndexedShop[] }>({ of: [], index: [] });
  useEffect(() => {
    if (atOnce) return;
    let stop = false;
    void buildShopIndexInSlices(shops, () => stop).then((index) => {
      if (index) setSliced({ of: shops, index });
    });
    return () => {
      stop = true;
    };
  }, [shops, atOnce]);
  return atOnce ? { index: atOnce, indexing: false } : { index: sliced.index, indexing: sliced.of !== shops };
}

export function ShopSelect({
  inputId,
  labelId,
  shops,
  isLoading,
  onChoose,
}: {
  inputId: string;
  /** The visible label's id: it names both the field and its list. */
  labelId: string;
  shops: ShopListItem[];
  isLoading: boolean;
  onChoose: (shop: ShopListItem) => void;
}) {
  const [input, setInput] = useState('');
  const { index, indexing } = useShopIndex(shops);
  const busy = isLoading || indexing;
  // Typing on only narrows the last search, so it only scans that search's matches.
  const lastSearch = useRef<ShopSearch | null>(null);
  const search = useMemo(() => searchShops(index, input, lastSearch.current), [index, input]);
  useEffect(() => {
    lastSearch.current = search;
  }, [search]);
  const matches = search.matches;
  // The first key scans every shop: let the browser compile that scan before it.
  useEffect(() => {
    const timer = setTimeout(() => warmUpShopSearch(index), 0);
    return () => clearTimeout(timer);
  }, [index]);
  const listRef = useRef<ListImperativeAPI | null>(null);
  const lastAnnouncement = useRef('');

  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps, getToggleButtonProps } = useCombobox<IndexedShop>({
    items: matches,
    inputId,
    labelId,
    inputValue: input,
    // Typing sets the input in its own event (below); this follows Downshift's own changes (a choice, Escape).
    onInputValueChange: ({ type, inputValue }) => {
      if (type !== InputChange) setInput(inputValue);
    },
    itemToString: (match) => match?.shop.name ?? '',
    itemToKey: (match) => match?.shop.id,
    defaultHighlightedIndex: 0,
    stateReducer: (state, action) => keepReactSelectBehaviour(state, action, matches.length),
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) onChoose(selectedItem.shop);
    },
    // react-window scrolls instead, as it also reaches rows that are not rendered.
    scrollIntoView: () => {},
    onHighlightedIndexChange: ({ type, highlightedIndex: row }) => {
      // Downshift highlights row 0 also while no shop matches (or none is loaded yet): there is no row to scroll to then.
      if (type !== ItemMouseMove && row >= 0 && row < matches.length) listRef.current?.scrollToRow({ index: row, align: 'auto' });
    },
    getA11yStatusMessage: ({ isOpen: open }) => {
      // Screen readers hear how many shops match when the list opens or the search changes, not on every arrow key.
      const status = open ? (matches.length ? nl.home.shopsFound(matches.length) : busy ? nl.select.loading : nl.select.noOptions) : '';
      const announcement = `${input}\n${status}`;
      if (announcement === lastAnnouncement.current) return '';
      lastAnnouncement.current = announcement;
      return status;
    },
  });

  // A new search shows its first rows.
  useEffect(() => {
    if (matches.length) listRef.current?.scrollToRow({ index: 0, align: 'start' });
  }, [matches]);

  // The list keeps its element's ref to itself: Downshift gets the element through the list's handle, one
  // render after mounting (too late for Downshift's check that the ref was applied, hence suppressRefError).
  const { ref: menuRef, ...menuProps } = getMenuProps({}, { suppressRefError: true });
  const rowProps = useMemo(() => ({ matches, getItemProps, highlightedIndex }), [matches, getItemProps, highlightedIndex]);

  return (
    <div className="shop-combobox">
      <div className="shop-combobox-control">
        <input
          {...getInputProps({
            // Typing filters in the same render as the key, not an effect later.
            onChange: (event) => setInput(event.currentTarget.value),
            className: 'form-control',
            placeholder: nl.select.placeholder,
            'aria-busy': busy || undefined,
            // Downshift highlights row 0 even when nothing matches: point at no row then.
            ...(highlightedIndex >= matches.length && { 'aria-activedescendant': '' }),
          })}
        />
        <div className="shop-combobox-indicators">
          {busy && <span className="spinner-border spinner-border-sm text-secondary me-1" aria-hidden="true" />}
          {input && (
            <button
              type="button"
              className="shop-combobox-button"
              aria-label={nl.home.clearShopSearch}
              title={nl.home.clearShopSearch}
              // Keeps the focus (and the keyboard) in the field.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => setInput('')}
            >
              <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          )}
          <span className="shop-combobox-separator" aria-hidden="true" />
          <button {...getToggleButtonProps({ type: 'button', className: 'shop-combobox-button', 'aria-label': nl.home.toggleShopList })}>
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </div>
      </div>
      {/* Mounted while closed (only hidden), so the first key does not pay for building the list. */}
      <div className={isOpen ? 'shop-combobox-menu open' : 'shop-combobox-menu'}>
        {/* The list is the listbox and scrolls itself: axe and screen readers expect the combobox's popup to scroll. */}
        <List
          {...menuProps}
          listRef={(list: ListImperativeAPI | null) => {
            listRef.current = list;
            if (typeof menuRef === 'function') menuRef(list?.element ?? null);
          }}
          rowComponent={ShopRow}
          rowProps={rowProps}
          rowCount={matches.length}
          rowHeight={ROW_HEIGHT}
          style={{ height: Math.min(MAX_MENU_HEIGHT, matches.length * ROW_HEIGHT) }}
        />
        {isOpen && matches.length === 0 && <div className="shop-combobox-notice">{busy ? nl.select.loading : nl.select.noOptions}</div>}
      </div>
    </div>
  );
}
