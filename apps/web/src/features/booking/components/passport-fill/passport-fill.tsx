import { Button, useFormFields } from '@gallop/ui-kit';
import { useRiderPassport, type RiderPassport } from '../../../../lib/rider-passport';

/**
 * "Fill from my passport", and one button per companion's passport ("Fill from Sam's passport"):
 * copies the passport's level and weight into one rider of the enclosing form (fields named
 * `{prefix}level` and `{prefix}weight`). Nothing until the passports are known (after hydration),
 * nor without any.
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
  const sources: { key: string; label: string; passport: RiderPassport }[] = [
    ...(passport ? [{ key: 'mine', label: 'Fill from my passport', passport }] : []),
    ...companions.map((companion, index) => ({
      key: `companion-${index}`,
      label: `Fill from ${companion.name}'s passport`,
      passport: companion,
    })),
  ];
  if (sources.length === 0) return null;
  const fill = (source: RiderPassport) => {
    fields.set(`${prefix}level`, source.level);
    if (source.weightKg !== null) fields.set(`${prefix}weight`, String(source.weightKg));
    onFilled?.();
  };
  return (
    <div className="booking-actions passport-fill">
      {sources.map((source) => (
        <Button key={source.key} size="sm" theme="ghost" onClick={() => fill(source.passport)}>
          {source.label}
        </Button>
      ))}
    </div>
  );
}
