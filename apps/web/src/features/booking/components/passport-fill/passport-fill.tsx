import { Button, useFormFields } from '@gallop/ui-kit';
import { useRiderPassport, type RiderPassport } from '../../../../lib/rider-passport';
import { splitName } from '../rider-fields';

/**
 * "Fill from my passport", and one button per companion's passport ("Fill from Sam's passport"):
 * copies the passport's level and weight into one rider of the enclosing form (fields named
 * `{prefix}level` and `{prefix}weight`), and a companion's name into the rider's first and last
 * name while those are empty (what the traveller typed stays). Nothing until the passports are
 * known (after hydration), nor without any.
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
    fields.set(`${prefix}level`, source.level);
    if (source.weightKg !== null) fields.set(`${prefix}weight`, String(source.weightKg));
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
