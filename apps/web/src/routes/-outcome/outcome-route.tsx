import { useSuspenseQuery } from '@tanstack/react-query';
import { paymentOutcomeQueryOptions, type OutcomeKey } from '../../features/outcome/api';
import { OutcomePage } from '../../features/outcome/components/outcome-page/outcome-page';
import { useApi } from '../../lib/api';

/** What `/success` and `/payment-failed` share: the page of the payment their loader read. */
export function OutcomeRoutePage({ outcomeKey }: { outcomeKey: OutcomeKey }) {
  const { data } = useSuspenseQuery(paymentOutcomeQueryOptions(useApi(), outcomeKey));
  return <OutcomePage outcome={data} />;
}
