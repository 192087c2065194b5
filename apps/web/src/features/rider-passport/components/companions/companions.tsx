import { Button, Field, RiderLevelScale, useFormFields } from '@gallop/ui-kit';
import { useEffect, useRef, useState } from 'react';
import { companionKey, companionValues, MAX_COMPANIONS } from '../../passport-values';
import { PassportFields } from '../passport-fields/passport-fields';
import './companions.css';

export interface CompanionsProps {
  /** The keys of the companions in the form, in order. */
  keys: readonly string[];
  onKeysChange: (keys: string[]) => void;
}

/**
 * The signed-in traveller's companions, inside the passport form: each one's name and passport,
 * editable in place; added and removed here, saved with the traveller's passport.
 */
export function Companions({ keys, onKeysChange }: CompanionsProps) {
  const fields = useFormFields();
  const addButton = useRef<HTMLButtonElement>(null);
  // Keys are never reused, so a removed companion's leftover values cannot come back.
  const [nextSerial, setNextSerial] = useState(() => keys.length);
  const [added, setAdded] = useState<string | null>(null);
  const full = keys.length >= MAX_COMPANIONS;

  function add() {
    const key = companionKey(nextSerial);
    fields.set(`companions.${key}`, companionValues(null));
    setNextSerial(nextSerial + 1);
    setAdded(key);
    onKeysChange([...keys, key]);
  }

  function remove(key: string) {
    onKeysChange(keys.filter((kept) => kept !== key));
    addButton.current?.focus();
  }

  return (
    <section className="rider-passport__section companions" aria-labelledby="companions-title">
      <h2 id="companions-title" className="rider-passport__section-title">
        Companions
      </h2>
      <p className="rider-passport__hint">
        The people you ride with, up to {MAX_COMPANIONS}: their passports are matched against tours
        too, and fill a booking's riders.
      </p>
      {keys.length > 0 && (
        <ol className="companions__list">
          {keys.map((key, index) => (
            <Companion
              key={key}
              fieldKey={key}
              number={index + 1}
              focusName={key === added}
              onRemove={() => remove(key)}
            />
          ))}
        </ol>
      )}
      <div className="companions__actions">
        <Button ref={addButton} disabled={full} onClick={add}>
          Add a companion
        </Button>
        {full && (
          <p className="rider-passport__hint">You keep the most companions a passport holds.</p>
        )}
      </div>
      {keys.length > 0 && (
        <details className="companions__levels">
          <summary>What the levels mean</summary>
          <RiderLevelScale label="What the levels mean" />
        </details>
      )}
    </section>
  );
}

function Companion({
  fieldKey,
  number,
  focusName,
  onRemove,
}: {
  fieldKey: string;
  number: number;
  /** A companion just added: the name takes focus. */
  focusName: boolean;
  onRemove: () => void;
}) {
  const item = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focusName) item.current?.querySelector('input')?.focus();
  }, [focusName]);
  const prefix = `companions.${fieldKey}.`;
  const titleId = `companion-${fieldKey}-title`;
  return (
    <li ref={item} className="companion" aria-labelledby={titleId}>
      <div className="companion__head">
        <h3 id={titleId} className="companion__title">
          Companion {number}
        </h3>
        <Button
          theme="ghost"
          size="sm"
          aria-label={`Remove companion ${number}`}
          onClick={onRemove}
        >
          Remove
        </Button>
      </div>
      <Field
        name={`${prefix}name`}
        label="Name"
        autoComplete="off"
        rules="required|max:100"
        messages={{ required: "Enter the companion's name" }}
      />
      <PassportFields prefix={prefix} owner="companion" />
    </li>
  );
}
