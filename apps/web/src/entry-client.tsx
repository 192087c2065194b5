import { RouterClient } from '@tanstack/react-router/ssr/client';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { hydrationErrorHandlers } from './features/shell/hydration-errors';
import { createBrowserApiClient } from './lib/api';
import { createAppRouter } from './router';

// The locale arrives with the dehydrated context; the client reads it on every call.
const api = createBrowserApiClient(() => router.options.context.locale);
const router = createAppRouter({ api });

hydrateRoot(
  document,
  <StrictMode>
    <RouterClient router={router} />
  </StrictMode>,
  // The 403/404/410/503 pages are the router's error boundary at work: not worth a console error.
  hydrationErrorHandlers(),
);
