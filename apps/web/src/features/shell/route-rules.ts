/**
 * The route rules of the build manifest (`builds/meta/{buildId}.json`, docs/product.md, Calls):
 * the server's matcher of path patterns (`/favorites` one path, `/booking/**` a path and all below
 * it, `/**` every path) and their rules. Several patterns can match a path: their rules merge,
 * the more specific pattern winning each field, as the server reads them (server/build-meta.ts).
 */
interface RouteRule {
  /** Rendered by this web app; `false`: another service on this origin serves the path. */
  ssr?: boolean;
  /** Kept out of search results. */
  noindex?: boolean;
}

export type RouteRules = (path: string) => RouteRule;

/** A matcher the client cannot read: the manifest is logged and its rules are not used. */
export class RouteMatcherError extends Error {
  override name = 'RouteMatcherError';
}

interface Pattern {
  /** The path, or the prefix a `/**` pattern covers ('' for `/**`). */
  path: string;
  deep: boolean;
  rule: RouteRule;
}

const PATTERN = /^\/(?:[\w.~%-]+\/)*(?:[\w.~%-]+|\*\*)?$/;

function readRule(pattern: string, value: unknown): RouteRule {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RouteMatcherError(`The rule of ${pattern} is not an object`);
  }
  const rule: RouteRule = {};
  for (const key of ['ssr', 'noindex'] as const) {
    const field = (value as Record<string, unknown>)[key];
    if (field === undefined) continue;
    if (typeof field !== 'boolean') {
      throw new RouteMatcherError(`The rule of ${pattern} has a non-boolean ${key}`);
    }
    rule[key] = field;
  }
  return rule;
}

function readPattern(pattern: string, value: unknown): Pattern {
  // The only wildcard is a whole last segment `**`.
  if (!PATTERN.test(pattern) || pattern.replace(/\/\*\*$/, '').includes('*')) {
    throw new RouteMatcherError(`Unknown route pattern ${JSON.stringify(pattern)}`);
  }
  const deep = pattern.endsWith('/**');
  const path = deep ? pattern.slice(0, -'/**'.length) : pattern.replace(/(.)\/$/, '$1');
  return { path, deep, rule: readRule(pattern, value) };
}

const covers = (pattern: Pattern, path: string) =>
  pattern.deep
    ? pattern.path === '' || path === pattern.path || path.startsWith(`${pattern.path}/`)
    : path === pattern.path;

/** Least specific first: deep before exact for the same path, shorter before longer. */
const bySpecificity = (a: Pattern, b: Pattern) =>
  a.path.length - b.path.length || Number(!a.deep) - Number(!b.deep);

/** Reads a manifest's `matcher`; throws `RouteMatcherError` when it cannot be read. */
export function compileRouteRules(matcher: unknown): RouteRules {
  if (typeof matcher !== 'object' || matcher === null || Array.isArray(matcher)) {
    throw new RouteMatcherError('The manifest has no route matcher');
  }
  const patterns = Object.entries(matcher)
    .map(([pattern, rule]) => readPattern(pattern, rule))
    .sort(bySpecificity);
  return (path) => {
    const clean = path.split(/[?#]/)[0]!.replace(/(.)\/$/, '$1') || '/';
    const rule: RouteRule = {};
    for (const pattern of patterns) if (covers(pattern, clean)) Object.assign(rule, pattern.rule);
    return rule;
  };
}
