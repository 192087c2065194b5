import { isApiError } from '@gallop/api-client';
import { Button, ToastProvider, useToast } from '@gallop/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { BookingHeading } from '../../../../components/booking-heading/booking-heading';
import { useApi } from '../../../../lib/api';
import { failureText } from '../../../../lib/failure-text';
import { TRANSPORT_LABELS } from '../../../../lib/travel-info';
import { arrivalInfoQuery, saveArrivalInfo, type ArrivalInfo } from '../../api';
import {
  arrivalInput,
  fieldLabel,
  formValues,
  LEGS,
  problemKey,
  problemsFromApi,
  validateForm,
  visibleFields,
  type FormProblems,
  type Leg,
  type LegField,
  type LegValues,
  type TouristValues,
} from '../../arrival';
import './arrival-page.css';

export interface ArrivalTrip {
  requestId: number;
  tourName: string;
  tourSlug: string;
  dates: string;
}

/**
 * `/arrival/{uuid}`: the traveller tells the organizer how each rider arrives and leaves, so the
 * organizer can plan the meeting (behind `FEATURE_ARRIVAL`).
 */
export function ArrivalPage({ trip, info }: { trip: ArrivalTrip; info: ArrivalInfo }) {
  return (
    <ToastProvider>
      <div className="page-container arrival-page">
        <BookingHeading
          requestId={trip.requestId}
          title="Arrival and departure"
          tour={{ name: trip.tourName, slug: trip.tourSlug }}
        >
          , {trip.dates}. Tell the organizer how each rider arrives and leaves: they plan the
          meeting and transfers from it.
        </BookingHeading>
        <ArrivalForm requestId={trip.requestId} info={info} />
      </div>
    </ToastProvider>
  );
}

function ArrivalForm({ requestId, info }: { requestId: number; info: ArrivalInfo }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [tourists, setTourists] = useState<TouristValues[]>(() => formValues(info));
  const [problems, setProblems] = useState<FormProblems>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();

  const change = (touristId: number, leg: Leg, patch: Partial<LegValues>) => {
    setTourists((current) =>
      current.map((tourist) =>
        tourist.tourist_id === touristId
          ? { ...tourist, [leg]: { ...tourist[leg], ...patch } }
          : tourist,
      ),
    );
    setProblems((current) => {
      const next = { ...current };
      for (const field of Object.keys(patch)) {
        delete next[problemKey(touristId, leg, field as LegField)];
      }
      return next;
    });
  };

  const copyFromFirst = () => {
    const [first, ...rest] = tourists;
    if (!first) return;
    setTourists([
      first,
      ...rest.map((tourist) => ({
        ...tourist,
        arrival: first.arrival,
        departure: first.departure,
      })),
    ]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateForm(tourists);
    setProblems(found);
    setFailure(undefined);
    if (Object.keys(found).length > 0) return;
    const input = arrivalInput(tourists);
    if (input.tourists.length === 0) {
      setFailure('Choose how at least one rider arrives or leaves.');
      return;
    }
    setSaving(true);
    try {
      const saved = await saveArrivalInfo(api, requestId, input);
      queryClient.setQueryData(arrivalInfoQuery(api, requestId).queryKey, saved);
      toast.success('Arrival and departure details saved. The organizer can see them now.');
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        const fromApi = problemsFromApi(error.errors, tourists);
        setProblems(fromApi);
        if (Object.keys(fromApi).length === 0) setFailure(failureText(error));
      } else {
        setFailure(failureText(error));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="arrival-form" onSubmit={submit} noValidate>
      {tourists.length > 1 && (
        <p className="arrival-copy">
          Travelling together?{' '}
          <Button size="sm" theme="ghost" onClick={copyFromFirst}>
            Use {tourists[0]?.name}’s details for everyone
          </Button>
        </p>
      )}
      {tourists.map((tourist) => (
        <fieldset key={tourist.tourist_id} className="arrival-rider">
          <legend className="arrival-rider__name">{tourist.name}</legend>
          <div className="arrival-legs">
            {LEGS.map((leg) => (
              <LegFields
                key={leg}
                leg={leg}
                touristId={tourist.tourist_id}
                values={tourist[leg]}
                problems={problems}
                onChange={(patch) => change(tourist.tourist_id, leg, patch)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      {failure && (
        <p className="arrival-failure" role="alert">
          {failure}
        </p>
      )}
      <Button type="submit" theme="primary" size="lg" loading={saving}>
        Save details
      </Button>
    </form>
  );
}

function LegFields({
  leg,
  touristId,
  values,
  problems,
  onChange,
}: {
  leg: Leg;
  touristId: number;
  values: LegValues;
  problems: FormProblems;
  onChange: (patch: Partial<LegValues>) => void;
}) {
  const id = useId();
  return (
    <div className="arrival-leg">
      <h3 className="arrival-leg__title">{leg === 'arrival' ? 'Arrival' : 'Departure'}</h3>
      <div className="gk-field">
        <label className="gk-field__label" htmlFor={`${id}-type`}>
          Transport
        </label>
        <select
          id={`${id}-type`}
          className="gk-input"
          value={values.transport_type}
          onChange={(event) =>
            onChange({ transport_type: event.target.value as LegValues['transport_type'] })
          }
        >
          <option value="">Not known yet</option>
          {Object.entries(TRANSPORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {visibleFields(values).map((field) => {
        const problem = problems[problemKey(touristId, leg, field)];
        const fieldId = `${id}-${field}`;
        const common = {
          id: fieldId,
          name: `${leg}.${field}`,
          className: 'gk-input',
          value: values[field],
          'aria-invalid': problem ? true : undefined,
          'aria-describedby': problem ? `${fieldId}-error` : undefined,
        } as const;
        return (
          <div
            key={field}
            className={[
              'gk-field',
              problem && 'gk-field--invalid',
              field === 'additional_info' && 'arrival-leg__wide',
            ]
              .filter(Boolean)
              .join(' ')}
          >
            <label className="gk-field__label" htmlFor={fieldId}>
              {fieldLabel(field, leg)}
            </label>
            {field === 'additional_info' ? (
              <textarea
                {...common}
                rows={2}
                onChange={(event) => onChange({ [field]: event.target.value })}
              />
            ) : (
              <input
                {...common}
                type={field === 'date' ? 'date' : field === 'time' ? 'time' : 'text'}
                onChange={(event) => onChange({ [field]: event.target.value })}
              />
            )}
            {problem && (
              <p id={`${fieldId}-error`} className="gk-field__error">
                {problem}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
