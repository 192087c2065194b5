import { createFileRoute } from '@tanstack/react-router';
import { EmployeesPage } from '../features/staff/components/employees-page/employees-page';
import { pageHead } from '../features/seo/head';

/** `/employees-cookie` (docs/product.md, Routes): marks a team member's browser; never indexed. */
export const Route = createFileRoute('/employees-cookie')({
  // The head's words come with the loader's chunk, not the first load (issue 7's budget).
  loader: () => ({
    head: {
      title: 'Gallop team browser',
      description: 'Marks a Gallop team browser so that its visits stay out of the analytics.',
      canonical: '/employees-cookie',
      noindex: true,
    },
  }),
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(loaderData.head, match.context.site.publicUrl) : {},
  component: EmployeesPage,
});
