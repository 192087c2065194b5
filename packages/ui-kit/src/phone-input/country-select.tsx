import '../form/listbox.css';
import { useEffect, useRef, useState } from 'react';
import {
  Autocomplete,
  Button,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  SearchField,
  Select,
  SelectValue,
  type Key,
} from 'react-aria-components';
import type { PhoneCountry } from './countries/define';
import { CountryFace, Flag } from './country-face';
import { PHONE_COUNTRY_DROPDOWN_MIN_WIDTH, fillText, type PhoneInputTexts } from './phone';

export interface CountrySelectProps {
  selectedIso: string;
  selected: PhoneCountry | undefined;
  /** The countries the search term leaves. */
  visible: readonly PhoneCountry[];
  term: string;
  onTermChange: (term: string) => void;
  onChoose: (isoCode: string) => void;
  texts: PhoneInputTexts;
  flagsPath: string | null;
  disabled: boolean | undefined;
  /**
   * Opens at once: the traveller asked for the list before this module had loaded. The button
   * takes focus first, so the list gives focus back to it when it closes.
   */
  openOnMount: boolean;
}

/**
 * The searchable country dropdown (react-aria Select + Autocomplete: the listbox pattern). Its
 * own module, loaded the first time the traveller reaches for it: react-aria is most of the
 * phone input's weight and most travellers never change the country.
 */
export default function CountrySelect({
  selectedIso,
  selected,
  visible,
  term,
  onTermChange,
  onChoose,
  texts,
  flagsPath,
  disabled,
  openOnMount,
}: CountrySelectProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // The stand-in button the traveller focused is gone by now, and the list's focus scope gives
  // focus back to whatever had it when the list opened: focus this button first, then open.
  useEffect(() => {
    if (!openOnMount) return;
    buttonRef.current?.focus();
    setOpen(true);
  }, [openOnMount]);
  return (
    <Select
      className="gk-phone-input__country"
      selectedKey={selectedIso}
      onSelectionChange={(key: Key | null) => key !== null && onChoose(String(key))}
      isOpen={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onTermChange('');
      }}
      isDisabled={disabled}
    >
      <Label className="gk-visually-hidden">
        {texts.country_label}: {selected?.name ?? selectedIso}
      </Label>
      <Button ref={buttonRef} className="gk-phone-input__country-button">
        {/* Our own rendering: the selected country may be outside the filtered list. */}
        <SelectValue className="gk-phone-input__value">
          {() => <CountryFace isoCode={selectedIso} selected={selected} flagsPath={flagsPath} />}
        </SelectValue>
        <span className="gk-phone-input__chevron" aria-hidden="true" />
      </Button>
      <Popover
        className="gk-phone-input__popover"
        placement="bottom start"
        style={{ minWidth: PHONE_COUNTRY_DROPDOWN_MIN_WIDTH }}
      >
        <Autocomplete inputValue={term} onInputChange={onTermChange}>
          <SearchField
            className="gk-phone-input__search"
            aria-label={texts.search_country_text}
            autoFocus
          >
            <Input className="gk-input" placeholder={texts.search_country_text} />
          </SearchField>
          <ListBox
            className="gk-listbox"
            items={visible}
            renderEmptyState={() => (
              <p className="gk-listbox__empty">
                {/^\+?\d+$/.test(term.trim())
                  ? fillText(texts.not_found_code_text, { code: term.trim().replace('+', '') })
                  : texts.not_found_country_text}
              </p>
            )}
          >
            {(item) => (
              <ListBoxItem id={item.iso_code} textValue={item.name} className="gk-listbox__option">
                {flagsPath !== null && <Flag isoCode={item.iso_code} flagsPath={flagsPath} />}
                <span>{item.name}</span>
                <span className="gk-listbox__hint">+{item.phone_code}</span>
              </ListBoxItem>
            )}
          </ListBox>
        </Autocomplete>
      </Popover>
    </Select>
  );
}
