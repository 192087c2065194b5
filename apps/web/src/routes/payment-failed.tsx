import { createFileRoute } from '@tanstack/react-router';
import { OutcomePage } from '../features/outcome/components/outcome-page/outcome-page';
import { pageHead } from '../features/seo/head';

/** `/payment-failed` (spec section 2.1): where the payment provider returns a failed payment. */
export const Route = createFileRoute('/payment-failed')({
  head: ({ match }) =>
    pageHead(
      {
        title: 'Payment failed',
        description: 'The payment did not go through, and no money has been taken.',
        canonical: '/payment-failed',
        noindex: true,
      },
      match.context.site.publicUrl,
    ),
  component: () => <OutcomePage outcome="failed" />,
});
