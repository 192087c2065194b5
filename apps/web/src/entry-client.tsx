import { RouterClient } from '@tanstack/react-router/ssr/client';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
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
);
