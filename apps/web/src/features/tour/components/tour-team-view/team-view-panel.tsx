import type { components } from '@gallop/api-client';
import { getTourPrivateVariantsDataQueryOptions } from '@gallop/api-client/query';
import { formatPrice } from '@gallop/currency';
import { Button } from '@gallop/ui-kit';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../../lib/api';
import { failureText } from '../../../../lib/failure-text';
import { formatDateRange, formatDuration, formatFreeSeats, type TourDate } from '../../format';
import './tour-team-view.css';

type Pdf = components['schemas']['Pdf'];

/** Individual offers have no date of the public calendar: their date id is 0 (decision 029). */
const isIndividualOffer = (variant: TourDate) => variant.id === 0;

function statusOf(variant: TourDate): string {
  if (isIndividualOffer(variant)) return 'Individual offer';
  // Called off as a whole (decision 148): it does not run, whatever its seats say.
  if (variant.cancelled) return 'Cancelled by the organizer';
  if (variant.is_busy) return 'Busy';
  if (variant.number_of_free_seats === 0) return 'Full';
  if (variant.not_guaranteed) return 'Not guaranteed yet';
  return 'Open';
}

/** Every upcoming date with its seats (busy and full ones too), and the team's programme PDF. */
export default function TeamViewPanel({ tourId }: { tourId: number }) {
  const api = useApi();
  // `useQuery`: loaded in the browser for team members only; its states are shown here.
  const variants = useQuery({
    ...getTourPrivateVariantsDataQueryOptions(api, { query: { id: tourId } }),
    retry: false,
  });
  const pdf = useMutation({
    mutationFn: async (individual: boolean): Promise<Pdf> => {
      const { data } = await api.GET('/spa/private-generate-tour-program-pdf', {
        params: { query: { id: tourId, is_individual: individual ? 1 : 0 } },
      });
      return data;
    },
  });

  return (
    <section className="tour-team" aria-labelledby="tour-team-heading">
      <h3 id="tour-team-heading" className="tour-team__title">
        Team view
      </h3>
      <p className="tour-team__note">
        Only the team sees this: every upcoming date with its seats, and individual offers.
      </p>
      {variants.isPending && <p className="tour-team__note">Loading the dates…</p>}
      {variants.isError && (
        <p className="tour-team__error" role="alert">
          {failureText(variants.error)}
        </p>
      )}
      {variants.data && variants.data.variants.length === 0 && (
        <p className="tour-team__note">No upcoming dates or individual offers.</p>
      )}
      {variants.data && variants.data.variants.length > 0 && (
        <table className="tour-team__table">
          <thead>
            <tr>
              <th scope="col">Dates</th>
              <th scope="col">Price per person</th>
              <th scope="col">Seats</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {variants.data.variants.map((variant, index) => (
              <tr key={`${variant.id}-${variant.start}-${index}`}>
                <td data-label="Dates">
                  {formatDateRange(variant.start, variant.end)}
                  <span className="tour-team__muted"> · {formatDuration(variant.duration)}</span>
                </td>
                <td data-label="Price per person">
                  {formatPrice(variant.price, variant.currency)}
                </td>
                <td data-label="Seats">
                  {formatFreeSeats(variant)}
                  {variant.number_of_seats !== undefined && ` of ${variant.number_of_seats}`}
                </td>
                <td data-label="Status">{statusOf(variant)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="tour-team__actions">
        <Button
          size="sm"
          loading={pdf.isPending && !pdf.variables}
          onClick={() => pdf.mutate(false)}
        >
          Programme PDF
        </Button>
        <Button size="sm" loading={pdf.isPending && pdf.variables} onClick={() => pdf.mutate(true)}>
          PDF with individual offers
        </Button>
        {pdf.data && (
          <a href={pdf.data.url} target="_blank" rel="noreferrer" className="tour-team__link">
            Open the PDF
          </a>
        )}
        {pdf.isError && (
          <span className="tour-team__error" role="alert">
            {failureText(pdf.error)}
          </span>
        )}
      </div>
    </section>
  );
}
