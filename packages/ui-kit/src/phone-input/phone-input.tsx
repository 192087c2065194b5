import '../tokens/tokens.css';
import '../form/input.css';
import './phone-input.css';
import {
  lazy,
  Suspense,
  useId,
  useMemo,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';
import { phoneCountriesFor, type PhoneCountry } from './countries/define';
import { CountryFace } from './country-face';
import {
  DEFAULT_PHONE_COUNTRY,
  DEFAULT_PHONE_LOCALE,
  PHONE_FLAGS_PATH,
  PHONE_INPUT_MAX_LENGTH,
  PHONE_INPUT_TEXTS,
  detectPhoneCountry,
  fillText,
  filterPhoneCountries,
  isValidPhone,
  phoneValue,
  sanitizePhone,
  type PhoneInputTexts,
} from './phone';

/**
 * `ref`, `className`, `style` and native props go to the root `<div>` around the country, the
 * number and its hints. The form-control props go to the number `<input>`, as react-aria's
 * TextField does: `id` (for a `<label htmlFor>`), `name`, `aria-describedby`, `aria-invalid`,
 * `placeholder`, `disabled`, `onBlur`, and `inputRef` for a form that focuses its first invalid
 * field.
 */
export interface PhoneInputProps extends NativeProps<
  'div',
  'onChange' | 'onBlur' | 'defaultValue' | 'placeholder'
> {
  /** Accessible name of the number field when no `<label htmlFor>` points at `id`. */
  label?: string;
  /** Id of the number input. */
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
  /** Ref to the number `<input>` (`ref` is the root's). */
  inputRef?: Ref<HTMLInputElement>;
  /** Ids of what describes the number input; its own hints are added. */
  'aria-describedby'?: string;
  /** Marks the number input invalid, like `invalid`. */
  'aria-invalid'?: boolean;
}

/** The dropdown's module: fetched when the traveller points at, focuses or opens the country. */
const loadCountrySelect = () => import('./country-select');
const CountrySelect = lazy(loadCountrySelect);

/**
 * Phone number with a searchable country dropdown (react-aria Select + Autocomplete: listbox
 * pattern, loaded on first use). The country is chosen or detected from the number; a mismatch
 * asks to confirm.
 *
 * **Usage.** Do use it for every phone number (booking contacts, callback requests, an organizer's
 * profile), inside a Field, with the site's `locale`, and store the E.164 value it reports. Don't
 * ask for the country code in a field of its own or strip the number to digits yourself, and don't
 * add a second 'wrong number' message: it checks the number when the field is left.
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
  inputRef,
  'aria-describedby': describedBy,
  'aria-invalid': ariaInvalid,
  className,
  ...rest
}: PhoneInputProps) {
  const texts = { ...PHONE_INPUT_TEXTS, ...customTexts };
  const list = countries ?? phoneCountriesFor(locale);
  // What the field shows (as typed) and the value last reported for it.
  const [typed, setTyped] = useState(() => ({ text: value ?? '', reported: value ?? '' }));
  const [ownCountry, setOwnCountry] = useState(defaultCountry);
  const [term, setTerm] = useState('');
  const [left, setLeft] = useState(false);
  // Until the traveller reaches for the country, a plain button stands in for the dropdown.
  const [dropdown, setDropdown] = useState<'idle' | 'wanted'>('idle');
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
  // The button's name is its visible text after a hidden lead ("Country: Germany, DE +49"), so
  // speech input can say what it sees.
  const countryLabel = `${texts.country_label}: ${countryName}, `;

  return (
    <div
      {...rest}
      className={cx('gk-phone-input', showInvalid && 'gk-phone-input--invalid', className)}
    >
      <div className="gk-phone-input__row">
        {dropdown === 'idle' ? (
          <CountryTrigger
            label={countryLabel}
            disabled={disabled}
            onOpen={() => setDropdown('wanted')}
          >
            <CountryFace isoCode={selectedIso} selected={selected} flagsPath={flagsPath} />
          </CountryTrigger>
        ) : (
          <Suspense
            fallback={
              <CountryTrigger label={countryLabel} disabled busy>
                <CountryFace isoCode={selectedIso} selected={selected} flagsPath={flagsPath} />
              </CountryTrigger>
            }
          >
            <CountrySelect
              selectedIso={selectedIso}
              selected={selected}
              visible={visible}
              term={term}
              onTermChange={setTerm}
              onChoose={chooseCountry}
              texts={texts}
              flagsPath={flagsPath}
              disabled={disabled}
              openOnMount
            />
          </Suspense>
        )}
        <input
          ref={inputRef}
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

/**
 * The country button before the dropdown's module has loaded: it looks the same, starts loading
 * the module as soon as it is pointed at or focused, and opens the list once it is there.
 */
function CountryTrigger({
  label,
  disabled,
  busy = false,
  onOpen,
  children,
}: {
  label: string;
  disabled: boolean | undefined;
  busy?: boolean;
  onOpen?: () => void;
  children: ReactNode;
}) {
  const preload = () => void loadCountrySelect();
  const openWithArrows = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    onOpen?.();
  };
  return (
    <div className="gk-phone-input__country">
      <button
        type="button"
        className="gk-phone-input__country-button"
        aria-haspopup="listbox"
        aria-expanded={false}
        aria-busy={busy || undefined}
        disabled={disabled}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={onOpen}
        onKeyDown={openWithArrows}
      >
        <span className="gk-visually-hidden">{label}</span>
        <span className="gk-phone-input__value">{children}</span>
        <span className="gk-phone-input__chevron" aria-hidden="true" />
      </button>
    </div>
  );
}
