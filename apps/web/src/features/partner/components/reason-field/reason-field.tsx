import type { Ref } from 'react';

export interface ReasonFieldProps {
  id: string;
  /** The id of the problem's paragraph, for `aria-describedby`. */
  problemId: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | undefined;
  readOnly?: boolean | undefined;
  ref?: Ref<HTMLTextAreaElement> | undefined;
}

/**
 * The organizer's reason for the traveller (declining or cancelling a booking), with its
 * problem under it: the same field on the e-mailed answer page and in the organizer area.
 */
export function ReasonField({
  id,
  problemId,
  value,
  onChange,
  problem,
  readOnly,
  ref,
}: ReasonFieldProps) {
  return (
    <>
      <label htmlFor={id} className="answer-label">
        Reason for the traveller
      </label>
      <textarea
        id={id}
        ref={ref}
        name="reason"
        className="gk-input answer-reason"
        rows={4}
        required
        maxLength={2000}
        value={value}
        readOnly={readOnly}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
      />
      {problem && (
        <p id={problemId} className="answer-problem" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
