// First: React Aria reads the page's locale when its modules load.
import './react-aria-locale';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { hydrationErrorHandlers } from './features/shell/hydration-errors';
import { createBrowserApiClient } from './lib/api';
import { offeredCurrencies } from './lib/site-info';
import { createAppRouter } from './router';

// The locale and the visitor's default currency arrive with the dehydrated context; the client
// reads them on every call.
const api = createBrowserApiClient(
  () => router.options.context.locale,
  () => router.options.context.visitor.defaultCurrency,
  () => offeredCurrencies(router.options.context.queryClient, api),
);
const router = createAppRouter({ api });

// In a transition React hydrates in slices and yields to the browser between them, instead of
// one long task: the page keeps painting (its largest image too) and answers input while the
// app takes over (issue 7: total blocking time on a slow phone). Next.js hydrates the same way.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RouterClient router={router} />
    </StrictMode>,
    // The 403/404/410/503 pages are the router's error boundary at work: not worth a console error.
    hydrationErrorHandlers(),
  );
});
