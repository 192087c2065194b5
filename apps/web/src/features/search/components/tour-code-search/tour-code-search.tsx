import { Button } from '@gallop/ui-kit';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { useApi } from '../../../../lib/api';
import './tour-code-search.css';

/** A tour's code as a visitor types it: its number (shown on the tour page), `#` optional. */
const TOUR_CODE = /^#?\s*(\d{1,9})$/;

/** The tour number a typed code names, if it is one. */
export function readTourCode(text: string): number | undefined {
  const match = TOUR_CODE.exec(text.trim());
  const code = match ? Number(match[1]) : 0;
  return code > 0 ? code : undefined;
}

type State = { kind: 'idle' } | { kind: 'searching' } | { kind: 'problem'; text: string };

/**
 * 'Try searching by code' made real (the empty search of docs/product.md, Errors): the tour code a
 * traveller was given (by a friend, an organizer, an older booking) opens that tour. The search
 * box's suggestions find a tour by its code too; this asks for that one suggestion.
 */
export function TourCodeSearch() {
  const api = useApi();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = readTourCode(text);
    if (code === undefined) {
      setState({ kind: 'problem', text: 'Enter the tour code: its number, such as 1234.' });
      return;
    }
    setState({ kind: 'searching' });
    try {
      const { data } = await api.GET('/spa/tours-filter-completion', {
        params: { query: { phrase: String(code), only: ['tour'], limit: 1 } },
      });
      const tour = data?.items[0];
      if (tour && tour.id === code) {
        setState({ kind: 'idle' });
        await navigate({ href: tour.url });
      } else {
        setState({ kind: 'problem', text: `No tour open for booking has the code ${code}.` });
      }
    } catch {
      setState({ kind: 'problem', text: 'The search did not answer. Please try again.' });
    }
  };

  const problem = state.kind === 'problem' ? state.text : undefined;
  return (
    <form className="tour-code-search" role="search" aria-label="Tour code" onSubmit={onSubmit}>
      <label className="tour-code-search__label" htmlFor={`${id}-code`}>
        Tour code
      </label>
      <div className="tour-code-search__row">
        <input
          id={`${id}-code`}
          className="gk-input tour-code-search__input"
          name="code"
          inputMode="numeric"
          autoComplete="off"
          placeholder="1234"
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (state.kind === 'problem') setState({ kind: 'idle' });
          }}
        />
        <Button type="submit" disabled={state.kind === 'searching'}>
          Find
        </Button>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="tour-code-search__problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
