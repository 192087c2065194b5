/**
 * One-way imports (../shared/design/architecture.md, "Dependencies point one way"):
 * - packages never import apps;
 * - @gallop/ui-kit is presentational and knows no API: it never imports api-client, session or chat;
 * - web features never import each other, nor routes; the API never imports the web app;
 * - API modules (apps/api/src/modules/<module>) are used from outside only through their
 *   `index.ts` (a test may also use another module's `testing.ts` helpers), by the API and by
 *   its demo package (apps/api-demo) alike; `apps/api/src/shared` never imports a module;
 * - the API never imports its demo package but in `src/demo/plugin.ts`, the loader that runs in
 *   demo mode only, and in tests (decision 105).
 * Element patterns are relative to the repository root given to `boundariesConfig`.
 */
export const boundaryElements = [
  { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
  { type: 'web-route', pattern: 'apps/web/src/routes' },
  { type: 'api-module', pattern: 'apps/api/src/modules/*', capture: ['module'] },
  { type: 'api-shared', pattern: 'apps/api/src/shared' },
  { type: 'app', pattern: 'apps/*', capture: ['app'] },
  { type: 'package', pattern: 'packages/*', capture: ['pkg'] },
  { type: 'contract', pattern: 'openapi' },
  { type: 'tooling', pattern: 'tooling/*' },
];

const API_AWARE_PACKAGES = ['api-client', 'session', 'chat'];

/** Every file of the API: its modules, its shared code and the rest (app.ts, bench...), and its demo. */
const API_CODE = [
  { element: { type: 'app', captured: { app: '{api,api-demo}' } } },
  { element: { types: { anyOf: ['api-module', 'api-shared'] } } },
];
/** A file of another API module than its public `index.ts` (same-module imports are not checked). */
const API_MODULE_INTERNALS = { element: { type: 'api-module', fileInternalPath: '!index.ts' } };

export const boundaryPolicies = [
  {
    from: { element: { type: 'package' } },
    disallow: {
      to: {
        element: {
          types: { anyOf: ['app', 'web-feature', 'web-route', 'api-module', 'api-shared'] },
        },
      },
    },
    message: 'Packages never import apps: move the shared code into a package.',
  },
  {
    from: { element: { type: 'package', captured: { pkg: 'ui-kit' } } },
    disallow: {
      to: { element: { type: 'package', captured: { pkg: `{${API_AWARE_PACKAGES.join(',')}}` } } },
    },
    message: '@gallop/ui-kit is presentational and knows no API: pass data in through props.',
  },
  {
    from: { element: { type: 'web-feature' } },
    disallow: {
      to: {
        element: { type: 'web-feature', captured: { feature: '!{{ from.captured.feature }}' } },
      },
    },
    message:
      'Web features do not import each other: compose them in a route, or move shared code into a package.',
  },
  {
    from: { element: { type: 'web-feature' } },
    disallow: { to: { element: { type: 'web-route' } } },
    message: 'Imports flow packages -> features -> routes: a feature never imports a route.',
  },
  {
    from: API_CODE,
    disallow: {
      to: { element: { types: { anyOf: ['web-feature', 'web-route'] } } },
    },
    message: 'The API never imports the web app.',
  },
  {
    from: { element: { type: 'api-module' } },
    disallow: { to: API_MODULE_INTERNALS },
    message:
      'API modules use each other only through index.ts: export what is needed there, or move shared code into src/shared.',
  },
  {
    from: { element: { type: 'app', captured: { app: '{api,api-demo}' } } },
    disallow: { to: API_MODULE_INTERNALS },
    message: "The API's code outside modules uses a module only through its index.ts.",
  },
  {
    from: [
      {
        element: {
          type: 'app',
          captured: { app: 'api' },
          fileInternalPath: '!{src/demo/plugin.ts,**/*.test.ts}',
        },
      },
      {
        element: {
          types: { anyOf: ['api-module', 'api-shared'] },
          fileInternalPath: '!**/*.test.ts',
        },
      },
    ],
    disallow: { to: { element: { type: 'app', captured: { app: 'api-demo' } } } },
    message:
      'The production API never imports the demo package: it loads it in demo mode only, through src/demo/plugin.ts (decision 105).',
  },
  {
    // The search index is the API's private engine behind its port (packages/search-index).
    from: [
      { element: { type: 'app', captured: { app: '!{api,api-demo}' } } },
      { element: { types: { anyOf: ['web-feature', 'web-route'] } } },
      { element: { type: 'package', captured: { pkg: '!search-index' } } },
    ],
    disallow: { to: { element: { type: 'package', captured: { pkg: 'search-index' } } } },
    message:
      'Only the API uses @gallop/search-index, through its port: other code asks the API to search.',
  },
  {
    // The booking rules are plain functions over plain values, shared by the API and the web's
    // booking form (packages/booking-rules, decision 152): they import no other package.
    from: { element: { type: 'package', captured: { pkg: 'booking-rules' } } },
    disallow: { to: { element: { type: 'package', captured: { pkg: '!booking-rules' } } } },
    message:
      '@gallop/booking-rules imports no other package: its rules are plain functions over plain values.',
  },
  {
    from: { element: { type: 'api-shared' } },
    disallow: { to: { element: { type: 'api-module' } } },
    message: 'src/shared never imports an API module: move what it needs into src/shared.',
  },
  {
    // Last, so it wins over the two above: a test may use another module's test helpers.
    from: {
      element: { types: { anyOf: ['app', 'api-module'] }, fileInternalPath: '**/*.test.ts' },
    },
    allow: { to: { element: { type: 'api-module', fileInternalPath: 'testing{,-*}.ts' } } },
  },
];
