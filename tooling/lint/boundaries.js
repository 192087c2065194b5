/**
 * One-way imports (../shared/design/architecture.md, "Dependencies point one way"):
 * - packages never import apps;
 * - @gallop/ui-kit is presentational and knows no API: it never imports api-client, session or chat;
 * - web features never import each other, nor routes; the API never imports the web app.
 * Element patterns are relative to the repository root given to `boundariesConfig`.
 */
export const boundaryElements = [
  { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
  { type: 'web-route', pattern: 'apps/web/src/routes' },
  { type: 'app', pattern: 'apps/*', capture: ['app'] },
  { type: 'package', pattern: 'packages/*', capture: ['pkg'] },
  { type: 'contract', pattern: 'openapi' },
  { type: 'tooling', pattern: 'tooling/*' },
];

const API_AWARE_PACKAGES = ['api-client', 'session', 'chat'];

export const boundaryPolicies = [
  {
    from: { element: { type: 'package' } },
    disallow: { to: { element: { types: { anyOf: ['app', 'web-feature', 'web-route'] } } } },
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
    from: { element: { type: 'app', captured: { app: 'api' } } },
    disallow: {
      to: { element: { types: { anyOf: ['web-feature', 'web-route'] } } },
    },
    message: 'The API never imports the web app.',
  },
];
