import { createFileRoute } from '@tanstack/react-router';
import { OutcomePage } from '../features/outcome/components/outcome-page/outcome-page';
import { pageHead } from '../features/seo/head';

/** `/success` (spec section 2.1): where the payment provider returns a successful payment. */
export const Route = createFileRoute('/success')({
  head: ({ match }) =>
    pageHead(
      {
        title: 'Payment successful',
        description: 'Thank you! Your payment has gone through.',
        canonical: '/success',
        noindex: true,
      },
      match.context.site.publicUrl,
    ),
  component: () => <OutcomePage outcome="success" />,
});
