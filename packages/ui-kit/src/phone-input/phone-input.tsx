import '../tokens/tokens.css';
import '../form/input.css';
import '../form/listbox.css';
import './phone-input.css';
import { useId, useMemo, useState, type FocusEvent, type Ref } from 'react';
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
import {
  DEFAULT_PHONE_COUNTRY,
  DEFAULT_PHONE_LOCALE,
  PHONE_COUNTRY_DROPDOWN_MIN_WIDTH,
  PHONE_FLAGS_PATH,
  PHONE_INPUT_MAX_LENGTH,
  PHONE_INPUT_TEXTS,
  detectPhoneCountry,
  fillText,
  filterPhoneCountries,
  isValidPhone,
  phoneCountriesFor,
  phoneFlagUrl,
  phoneValue,
  sanitizePhone,
  type PhoneInputTexts,
} from './phone';

export interface PhoneInputProps {
  /** Accessible name of the number field when no `<label htmlFor>` points at `id`. */
  label?: string;
  id?: string;
  name?: string;
  /**
   * Controlled value; leave undefined for an uncontrolled input. The input reports the number
   * in international form (E.164) once it is a possible one, a national number read in the
   * chosen country, and shows it as typed.
   */
  value?: string;
  onChange?: (phone: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  /** Controlled country (ISO code); leave undefined to let the input keep it. */
  country?: string;
  /** First country when uncontrolled: the site's default phone country, US. */
  defaultCountry?: string;
  onCountryChange?: (isoCode: string) => void;
  /** Chooses the country list: ru, de, or en-US (the fallback). */
  locale?: string;
  /** Replaces the built-in list, e.g. with countries from the API. */
  countries?: readonly PhoneCountry[];
  /** Wording of the input_phone.* keys. */
  texts?: Partial<PhoneInputTexts>;
  /**
   * Shows 'Incorrect phone number' after leaving a wrong number (on by default), unless the
   * field around already marks it invalid (`invalid`, `aria-invalid`) with a message of its own.
   */
  validate?: boolean;
  /** Folder of the square flags, one `<iso code>.svg` each; `null` shows none. */
  flagsPath?: string | null;
  invalid?: boolean;
  disabled?: boolean;
  placeholder?: string;
  ref?: Ref<HTMLInputElement>;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/**
 * Phone number with a searchable country dropdown (react-aria Select + Autocomplete: listbox
 * pattern). The country is chosen or detected from the number; a mismatch asks to confirm.
 */
export function PhoneInput({
  label,
  id,
  name,
  value,
  onChange,
  onBlur,
  country,
  defaultCountry = DEFAULT_PHONE_COUNTRY,
  onCountryChange,
  locale = DEFAULT_PHONE_LOCALE,
  countries,
  texts: customTexts,
  validate = true,
  flagsPath = PHONE_FLAGS_PATH,
  invalid,
  disabled,
  placeholder,
  ref,
  'aria-describedby': describedBy,
  'aria-invalid': ariaInvalid,
}: PhoneInputProps) {
  const texts = { ...PHONE_INPUT_TEXTS, ...customTexts };
  const list = countries ?? phoneCountriesFor(locale);
  // What the field shows (as typed) and the value last reported for it.
  const [typed, setTyped] = useState(() => ({ text: value ?? '', reported: value ?? '' }));
  const [ownCountry, setOwnCountry] = useState(defaultCountry);
  const [term, setTerm] = useState('');
  const [left, setLeft] = useState(false);
  // A value set from outside (a reset, a prefill) replaces what the field shows.
  const external = value !== undefined && value !== typed.reported;
  if (external) setTyped({ text: value, reported: value });
  const phone = external ? value : typed.text;
  const selectedIso = country ?? ownCountry;
  const selected = list.find((item) => item.iso_code === selectedIso);
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const hintId = `${generatedId}-hint`;

  const visible = useMemo(() => filterPhoneCountries(list, term), [list, term]);
  const detectedIso = detectPhoneCountry(phone);
  const detected =
    detectedIso && detectedIso !== selectedIso
      ? list.find((item) => item.iso_code === detectedIso)
      : undefined;
  const markedOutside = Boolean(invalid || ariaInvalid);
  // One message at a time: the field's own error wins over the input's check.
  const wrong =
    validate && !markedOutside && left && phone.trim() !== '' && !isValidPhone(phone, selectedIso);
  const showInvalid = markedOutside || wrong;

  const setPhone = (next: string, isoCode: string = selectedIso) => {
    const reported = phoneValue(next, isoCode);
    setTyped({ text: next, reported });
    onChange?.(reported);
  };

  const chooseCountry = (isoCode: string) => {
    const previous = list.find((item) => item.iso_code === selectedIso);
    const next = list.find((item) => item.iso_code === isoCode);
    if (country === undefined) setOwnCountry(isoCode);
    onCountryChange?.(isoCode);
    setTerm('');
    // An empty field, or one holding only the old calling code, starts with the new code; a
    // national number is read again in the new country.
    const onlyCode = previous && phone.replace(/\s/g, '') === `+${previous.phone_code}`;
    if (next && (phone.trim() === '' || onlyCode)) setPhone(`+${next.phone_code}`, isoCode);
    else if (phoneValue(phone, isoCode) !== typed.reported) setPhone(phone, isoCode);
  };

  const describedByIds =
    [describedBy, (detected || wrong) && hintId].filter(Boolean).join(' ') || undefined;
  const countryName = selected?.name ?? selectedIso;

  return (
    <div
      className={['gk-phone-input', showInvalid && 'gk-phone-input--invalid']
        .filter(Boolean)
        .join(' ')}
    >
      <div className="gk-phone-input__row">
        <Select
          className="gk-phone-input__country"
          selectedKey={selectedIso}
          onSelectionChange={(key: Key | null) => key !== null && chooseCountry(String(key))}
          onOpenChange={(open) => !open && setTerm('')}
          isDisabled={disabled}
        >
          <Label className="gk-visually-hidden">
            {texts.country_label}: {countryName}
          </Label>
          <Button className="gk-phone-input__country-button">
            {/* Our own rendering: the selected country may be outside the filtered list. */}
            <SelectValue className="gk-phone-input__value">
              {() => (
                <>
                  {flagsPath !== null && <Flag isoCode={selectedIso} flagsPath={flagsPath} eager />}
                  <span className="gk-phone-input__iso">{selectedIso}</span>
                  {selected && ' '}
                  {selected && <span className="gk-phone-input__code">+{selected.phone_code}</span>}
                </>
              )}
            </SelectValue>
            <span className="gk-phone-input__chevron" aria-hidden="true" />
          </Button>
          <Popover
            className="gk-phone-input__popover"
            placement="bottom start"
            style={{ minWidth: PHONE_COUNTRY_DROPDOWN_MIN_WIDTH }}
          >
            <Autocomplete inputValue={term} onInputChange={setTerm}>
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
                  <ListBoxItem
                    id={item.iso_code}
                    textValue={item.name}
                    className="gk-listbox__option"
                  >
                    {flagsPath !== null && <Flag isoCode={item.iso_code} flagsPath={flagsPath} />}
                    <span>{item.name}</span>
                    <span className="gk-listbox__hint">+{item.phone_code}</span>
                  </ListBoxItem>
                )}
              </ListBox>
            </Autocomplete>
          </Popover>
        </Select>
        <input
          ref={ref}
          id={inputId}
          name={name}
          className="gk-input gk-phone-input__number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          aria-label={label}
          aria-invalid={showInvalid || undefined}
          aria-describedby={describedByIds}
          maxLength={PHONE_INPUT_MAX_LENGTH}
          placeholder={placeholder ?? (selected ? `+${selected.phone_code}` : undefined)}
          disabled={disabled}
          value={phone}
          onChange={(event) => {
            setLeft(false);
            setPhone(sanitizePhone(event.target.value, selectedIso));
          }}
          onBlur={(event) => {
            setLeft(true);
            onBlur?.(event);
          }}
        />
      </div>
      {(detected || wrong) && (
        <div id={hintId} className="gk-phone-input__hints">
          {detected && (
            <p className="gk-phone-input__hint" role="status">
              {fillText(texts.country_missmatch_hint, { country: detected.name })}{' '}
              <button
                type="button"
                className="gk-phone-input__confirm"
                onClick={() => chooseCountry(detected.iso_code)}
              >
                {texts.confirm_button}
              </button>
            </p>
          )}
          {wrong && <p className="gk-phone-input__error">{texts.validation}</p>}
        </div>
      )}
    </div>
  );
}

/** A square flag; decorative, the country's name or code is always written beside it. */
function Flag({
  isoCode,
  flagsPath,
  eager = false,
}: {
  isoCode: string;
  flagsPath: string;
  eager?: boolean;
}) {
  return (
    <img
      className="gk-phone-input__flag"
      src={phoneFlagUrl(isoCode, flagsPath)}
      alt=""
      width={18}
      height={18}
      loading={eager ? undefined : 'lazy'}
      decoding="async"
    />
  );
}
