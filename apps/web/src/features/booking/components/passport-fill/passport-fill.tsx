import { Button, useFormFields } from '@gallop/ui-kit';
import { useRiderPassport, type RiderPassport } from '../../../../lib/rider-passport';
import { passportRiderValues, splitName } from '../rider-fields';

/**
 * "Fill from my passport", and one button per companion's passport ("Fill from Sam's passport"):
 * copies the passport's level, weight, tack and hours into one rider of the enclosing form (fields
 * named `{prefix}level` and so on; a weight the passport lacks leaves the typed one), and a
 * companion's name into the rider's first and last name while those are empty (what the
 * traveller typed stays). Nothing until the passports are known (after hydration), nor without
 * any.
 */
export function PassportFill({
  prefix = '',
  onFilled,
}: {
  prefix?: string;
  onFilled?: () => void;
}) {
  const { ready, passport, companions } = useRiderPassport();
  const fields = useFormFields();
  if (!ready) return null;
  const sources: { key: string; label: string; passport: RiderPassport; name?: string }[] = [
    ...(passport ? [{ key: 'mine', label: 'Fill from my passport', passport }] : []),
    ...companions.map((companion, index) => ({
      key: `companion-${index}`,
      label: `Fill from ${companion.name}'s passport`,
      passport: companion,
      name: companion.name,
    })),
  ];
  if (sources.length === 0) return null;
  const fillEmpty = (field: string, value: string) => {
    const name = `${prefix}${field}`;
    if (value && String(fields.get(name) ?? '').trim() === '') fields.set(name, value);
  };
  const fill = (source: RiderPassport, name: string | undefined) => {
    const { weight, ...riding } = passportRiderValues(source);
    // Tack and hours too (the rider's optional fields, kept with the booking): the rider's fit
    // then says what the card says, and the organizer sees them.
    for (const [field, value] of Object.entries(riding)) fields.set(`${prefix}${field}`, value);
    if (weight) fields.set(`${prefix}weight`, weight);
    if (name) {
      const { first, last } = splitName(name);
      fillEmpty('first_name', first);
      fillEmpty('last_name', last);
    }
    onFilled?.();
  };
  return (
    <div className="booking-actions passport-fill">
      {sources.map((source) => (
        <Button
          key={source.key}
          size="sm"
          theme="ghost"
          onClick={() => fill(source.passport, source.name)}
        >
          {source.label}
        </Button>
      ))}
    </div>
  );
}
