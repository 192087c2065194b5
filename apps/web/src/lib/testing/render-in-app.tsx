import { createMemoryTokenStore, type GallopClient } from '@gallop/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  useLocation,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createServerApiClient } from '../api';
import type { VisitorPreferences } from '../visitor';
import { createFakeApi } from './fake-api';
import { ShellOutlet } from './shell-outlet';

/**
 * Renders `ui` at / inside a memory router whose context carries an API client over `fetch`
 * (the fake API by default) and a QueryClient, as the app's router does. Any other path shows
 * 'Page {path}', so tests can see where a link or a navigation went. With `hydrate`, `ui` is
 * rendered to HTML first, as the server does, and the browser's render hydrates that HTML.
 */
export async function renderInApp(
  ui: ReactNode,
  {
    fetch = createFakeApi().fetch,
    cookie,
    signedIn = false,
    visitor,
    hydrate,
  }: {
    fetch?: (request: Request) => Promise<Response>;
    cookie?: string;
    /** A session is stored (tokens the fake API does not check). */
    signedIn?: boolean;
    /** What the server's render knew of the visitor (their country, picked weight unit...). */
    visitor?: Partial<VisitorPreferences>;
    hydrate?: {
      /** What the server's render loaded before rendering (the root loader's profile, say). */
      beforeServerRender?: (queryClient: QueryClient, api: GallopClient<true>) => Promise<void>;
      /** What the browser did before hydrating (e.g. cache an answer the server did not have). */
      beforeHydrating?: (queryClient: QueryClient) => void;
      onRecoverableError?: (error: unknown) => void;
    };
  } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const request = new Request('http://web.test/', cookie ? { headers: { cookie } } : {});
  const api = createServerApiClient({
    request,
    fetch,
    ...(signedIn
      ? { tokenStore: createMemoryTokenStore({ token: 'access-1', refreshToken: 'refresh-1' }) }
      : {}),
  });
  // As the app's shell does: one loader of the visitor's rider passport for the whole page.
  const rootRoute = createRootRoute({ component: ShellOutlet });
  const routeTree = rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <>{ui}</> }),
    createRoute({ getParentRoute: () => rootRoute, path: '$', component: OtherPage }),
  ]);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: ['/'] }),
    context: { api, queryClient, ...(visitor ? { visitor } : {}) },
  });
  const app = (
    <JotaiProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </JotaiProvider>
  );
  if (!hydrate) return { ...render(app), router, queryClient, serverHtml: undefined };
  await router.load();
  await hydrate.beforeServerRender?.(queryClient, api);
  const container = document.body.appendChild(document.createElement('div'));
  const serverHtml = renderToString(app);
  container.innerHTML = serverHtml;
  hydrate.beforeHydrating?.(queryClient);
  const view = render(app, {
    container,
    hydrate: true,
    ...(hydrate.onRecoverableError ? { onRecoverableError: hydrate.onRecoverableError } : {}),
  });
  return { ...view, router, queryClient, serverHtml };
}

function OtherPage() {
  const { pathname } = useLocation();
  return <h1>Page {pathname}</h1>;
}
