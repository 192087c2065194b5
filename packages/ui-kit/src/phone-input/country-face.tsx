import type { PhoneCountry } from './countries/define';
import { phoneFlagUrl } from './phone';

/** What the country button shows: the flag, the ISO code and the calling code. */
export function CountryFace({
  isoCode,
  selected,
  flagsPath,
}: {
  isoCode: string;
  selected: PhoneCountry | undefined;
  flagsPath: string | null;
}) {
  return (
    <>
      {flagsPath !== null && <Flag isoCode={isoCode} flagsPath={flagsPath} eager />}
      <span className="gk-phone-input__iso">{isoCode}</span>
      {selected && ' '}
      {selected && <span className="gk-phone-input__code">+{selected.phone_code}</span>}
    </>
  );
}

/** A square flag; decorative, the country's name or code is always written beside it. */
export function Flag({
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
