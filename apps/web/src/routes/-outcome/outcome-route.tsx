import { useSuspenseQuery } from '@tanstack/react-query';
import { paymentOutcomeQueryOptions, type OutcomeKey } from '../../features/outcome/api';
import { ReceiptLink } from '../../features/booking/components/receipt-link/receipt-link';
import { OutcomePage } from '../../features/outcome/components/outcome-page/outcome-page';
import { useApi } from '../../lib/api';

/** What `/success` and `/payment-failed` share: the page of the payment their loader read. */
export function OutcomeRoutePage({ outcomeKey }: { outcomeKey: OutcomeKey }) {
  const { data } = useSuspenseQuery(paymentOutcomeQueryOptions(useApi(), outcomeKey));
  return (
    <OutcomePage
      outcome={data}
      receipt={<ReceiptLink uuid={data.booking.uuid} paid={data.booking.paid > 0} />}
    />
  );
}
