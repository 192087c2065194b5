import '../tokens/tokens.css';
import '../internal/visually-hidden.css';
import '../form/input.css';
import './select.css';
import { useMemo, type Key } from 'react';
import {
  Autocomplete,
  Button as AriaButton,
  Header,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Popover,
  SearchField,
  Select as AriaSelect,
  SelectValue,
  Text,
  useFilter,
} from 'react-aria-components';
import { DROPDOWN_SELECT_OFFSET } from '../dropdown/constants';
import { cx } from '../internal/class-names';
import type { AriaNativeProps } from '../internal/root-props';
import { ChevronDownIcon } from '../internal/icons';

/** An option, or with `header: true` a heading that groups the options after it. */
export type SelectItem = Record<string, unknown> & { header?: boolean; disabled?: boolean };

/** Native props, `className`, `style` and `ref` go to the select's root `<div>`. */
export interface SelectProps<Item extends SelectItem = SelectItem> extends AriaNativeProps<
  'onChange' | 'placeholder'
> {
  /** Visible label; also the accessible name. */
  label: string;
  /** Hides the label visually; it stays the accessible name. */
  hideLabel?: boolean;
  /** The options; an item with `header: true` is a heading over the options after it. */
  items: readonly Item[];
  /** Which property holds an option's text. Default `text`. */
  textKey?: string;
  /** Which property holds an option's value. Default `value`. */
  valueKey?: string;
  /** The chosen value (controlled). */
  value?: string | number | null;
  /** The first chosen value (uncontrolled). */
  defaultValue?: string | number | null;
  /** Called with the chosen value and item. */
  onChange?: (value: string | number, item: Item) => void;
  /** Shown while nothing is chosen. */
  placeholder?: string;
  /** Greys it out and skips it in the tab order. */
  isDisabled?: boolean;
  /** Marks it invalid and shows `errorMessage`. */
  isInvalid?: boolean;
  /** Shown under the control while `isInvalid`. */
  errorMessage?: string;
  /** Help text under the control, tied to it as its description. */
  description?: string;
  /** A search box above the options filters them as one types (long lists: countries, zones). */
  searchable?: boolean;
  /** Accessible name and placeholder of the search box. */
  searchLabel?: string;
  /** Shown when the search matches no option. */
  emptyText?: string;
}

/** Default texts of the search box (docs/product.md, Errors: 'Nothing found'). */
export const SELECT_SEARCH_TEXTS = { searchLabel: 'Search', emptyText: 'Nothing found' } as const;

interface Section<Item> {
  key: string;
  title?: string;
  options: { key: string; text: string; item: Item; disabled: boolean }[];
}

/**
 * Splits the flat item list into sections: every header-only entry starts a new one.
 * Option keys are `String(value)` so numbers and strings both work as values.
 */
export function groupSelectItems<Item extends SelectItem>(
  items: readonly Item[],
  textKey = 'text',
  valueKey = 'value',
): Section<Item>[] {
  const sections: Section<Item>[] = [];
  let current: Section<Item> | undefined;
  items.forEach((item, index) => {
    const text = String(item[textKey] ?? '');
    if (item.header) {
      current = { key: `header-${index}`, title: text, options: [] };
      sections.push(current);
      return;
    }
    if (!current) {
      current = { key: 'default', options: [] };
      sections.push(current);
    }
    current.options.push({
      key: String(item[valueKey]),
      text,
      item,
      disabled: Boolean(item.disabled),
    });
  });
  return sections;
}

/**
 * A labelled single-choice list (react-aria Select): items with
 * `textKey`/`valueKey`, header-only entries as group titles, a help `description`, and a search box
 * for long lists (`searchable`).
 *
 * **Usage.** Do use it for 5 or more options (fewer: radio buttons) and keep the visible `label`;
 * do make long lists (countries, time zones) `searchable`. Don't use it for navigation or for
 * actions (use a Dropdown), and don't hide the label unless the context names the field.
 */
export function Select<Item extends SelectItem = SelectItem>({
  label,
  hideLabel = false,
  items,
  textKey = 'text',
  valueKey = 'value',
  value,
  defaultValue,
  onChange,
  placeholder = 'Select',
  isDisabled,
  isInvalid,
  errorMessage,
  description,
  searchable = false,
  searchLabel = SELECT_SEARCH_TEXTS.searchLabel,
  emptyText = SELECT_SEARCH_TEXTS.emptyText,
  className,
  ...rest
}: SelectProps<Item>) {
  // Accent- and case-insensitive: 'sao' finds 'São Tomé', 'kyiv' finds 'Europe/Kyiv'.
  const { contains } = useFilter({ sensitivity: 'base' });
  const sections = useMemo(
    () => groupSelectItems(items, textKey, valueKey),
    [items, textKey, valueKey],
  );
  const byKey = useMemo(
    () => new Map(sections.flatMap((section) => section.options).map((o) => [o.key, o])),
    [sections],
  );
  const disabledKeys = useMemo(
    () => [...byKey.values()].filter((option) => option.disabled).map((option) => option.key),
    [byKey],
  );
  const toKey = (v: string | number | null | undefined) =>
    v === undefined ? undefined : v === null ? null : String(v);

  const renderOption = (option: Section<Item>['options'][number]) => (
    <ListBoxItem
      key={option.key}
      id={option.key}
      textValue={option.text}
      className="gk-select__option"
    >
      {option.text}
    </ListBoxItem>
  );

  const list = (
    <ListBox
      className="gk-select__list"
      renderEmptyState={() => <p className="gk-select__empty">{emptyText}</p>}
    >
      {sections.map((section) =>
        section.title === undefined ? (
          section.options.map(renderOption)
        ) : (
          <ListBoxSection key={section.key} id={section.key} className="gk-select__section">
            <Header className="gk-select__header">{section.title}</Header>
            {section.options.map(renderOption)}
          </ListBoxSection>
        ),
      )}
    </ListBox>
  );

  return (
    <AriaSelect
      {...rest}
      className={cx('gk-select', className)}
      value={toKey(value)}
      defaultValue={toKey(defaultValue)}
      onChange={(key: Key | null) => {
        if (key === null) return;
        const option = byKey.get(String(key));
        const raw = option?.item[valueKey];
        if (option && (typeof raw === 'string' || typeof raw === 'number'))
          onChange?.(raw, option.item);
      }}
      placeholder={placeholder}
      isDisabled={isDisabled}
      isInvalid={isInvalid}
      disabledKeys={disabledKeys}
    >
      <Label className={cx('gk-select__label', hideLabel && 'gk-visually-hidden')}>{label}</Label>
      <AriaButton className="gk-select__button">
        <SelectValue className="gk-select__value" />
        <ChevronDownIcon size={16} />
      </AriaButton>
      {description && (
        <Text slot="description" className="gk-select__description">
          {description}
        </Text>
      )}
      {isInvalid && errorMessage && <p className="gk-select__error">{errorMessage}</p>}
      <Popover
        className="gk-select__popover"
        offset={DROPDOWN_SELECT_OFFSET}
        placement="bottom start"
      >
        {searchable ? (
          <Autocomplete filter={contains}>
            <SearchField className="gk-select__search" aria-label={searchLabel} autoFocus>
              <Input className="gk-input" placeholder={searchLabel} />
            </SearchField>
            {list}
          </Autocomplete>
        ) : (
          list
        )}
      </Popover>
    </AriaSelect>
  );
}
