// The Home shop select: react-select with a virtualised menu (rows of 50 px) and filtering that never
// blocks typing, so it stays smooth with tens of thousands of shops.
import { useDeferredValue, useEffect, useMemo, useState, type ReactElement } from 'react';
import Select, { type MenuListProps, type OptionProps, type StylesConfig } from 'react-select';
import { List, useListRef, type RowComponentProps } from 'react-window';
import type { ShopListItem } from '@prospectie/contract';
import { nl } from '../../i18n/nl';
import { buildShopIndex, filterShops } from './shopSearch';

const ROW_HEIGHT = 50;
const MAX_MENU_HEIGHT = 200;
const ROWS_WHILE_TYPING = 20;

type Option = ShopListItem;

function Row({ index, style, rows }: RowComponentProps<{ rows: ReactElement[] }>) {
  return <div style={style}>{rows[index]}</div>;
}

function VirtualMenuList({ children, innerProps }: MenuListProps<Option, false>) {
  const rows = Array.isArray(children) ? (children as ReactElement<OptionProps<Option, false>>[]) : null;
  const listRef = useListRef(null);
  const focusedIndex = rows ? rows.findIndex((row) => row.props.isFocused) : -1;

  // Keyboard focus may move to a row that is not rendered: bring it into view.
  useEffect(() => {
    if (focusedIndex >= 0) listRef.current?.scrollToRow({ index: focusedIndex, align: 'auto' });
  }, [focusedIndex, listRef]);

  if (!rows) return <div {...innerProps}>{children}</div>;
  return (
    <List
      {...innerProps}
      listRef={listRef}
      rowComponent={Row}
      rowProps={{ rows }}
      rowCount={rows.length}
      rowHeight={ROW_HEIGHT}
      style={{ height: Math.min(MAX_MENU_HEIGHT, rows.length * ROW_HEIGHT) }}
    />
  );
}

const styles: StylesConfig<Option, false> = {
  option: (base) => ({ ...base, height: ROW_HEIGHT, padding: '4px 12px', overflow: 'hidden' }),
  menu: (base) => ({ ...base, zIndex: 10 }),
  placeholder: (base) => ({ ...base, color: '#595c5f' }),
};

function OptionLabel({ shop }: { shop: Option }) {
  const details = [shop.city, shop.customer].filter(Boolean).join(' · ');
  return (
    <span className="d-block text-truncate lh-sm">
      <span className="fw-semibold">{shop.name}</span>
      <span className="d-block small text-truncate opacity-75">{details || nl.notAvailable}</span>
    </span>
  );
}

export function ShopSelect({
  inputId,
  shops,
  isLoading,
  onChoose,
}: {
  inputId: string;
  shops: ShopListItem[];
  isLoading: boolean;
  onChoose: (shop: ShopListItem) => void;
}) {
  const [input, setInput] = useState('');
  const deferredInput = useDeferredValue(input);
  const index = useMemo(() => buildShopIndex(shops), [shops]);
  const options = useMemo(() => filterShops(index, deferredInput), [index, deferredInput]);
  // react-select builds an element per option on every render, so the urgent render of each keystroke gets
  // only the first rows of the previous result (all the menu shows anyway); the full list follows deferred.
  const typing = input !== deferredInput;
  const shown = useMemo(() => (typing ? options.slice(0, ROWS_WHILE_TYPING) : options), [typing, options]);
  const [value, setValue] = useState<Option | null>(null);

  return (
    <Select<Option, false>
      inputId={inputId}
      options={shown}
      value={value}
      inputValue={input}
      onInputChange={setInput}
      onChange={(shop) => {
        setValue(shop);
        if (shop) onChoose(shop);
      }}
      filterOption={null}
      getOptionValue={(shop) => String(shop.id)}
      getOptionLabel={(shop) => [shop.name, shop.city, shop.customer].filter(Boolean).join(', ')}
      formatOptionLabel={(shop, { context }) => (context === 'menu' ? <OptionLabel shop={shop} /> : shop.name)}
      components={{ MenuList: VirtualMenuList }}
      maxMenuHeight={MAX_MENU_HEIGHT}
      styles={styles}
      isClearable
      isLoading={isLoading}
      placeholder={nl.select.placeholder}
      noOptionsMessage={() => nl.select.noOptions}
      loadingMessage={() => nl.select.loading}
    />
  );
}
