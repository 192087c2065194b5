import { describe, expect, it } from 'vitest';
import { ROUTE_RULES } from '../../../server/build-meta';
import { compileRouteRules, RouteMatcherError } from './route-rules';

describe('compileRouteRules', () => {
  it('reads the server’s own matcher: the more specific pattern wins each field', () => {
    const rules = compileRouteRules(ROUTE_RULES);
    expect(rules('/')).toEqual({ ssr: true });
    expect(rules('/iceland-highland-trail-12?page=2')).toEqual({ ssr: true });
    expect(rules('/favorites')).toEqual({ ssr: true, noindex: true });
    expect(rules('/booking')).toEqual({ ssr: true, noindex: true });
    expect(rules('/booking/uuid/3f0c')).toEqual({ ssr: true, noindex: true });
    expect(rules('/bookingsx')).toEqual({ ssr: true });
  });

  it('merges rules of several patterns', () => {
    const rules = compileRouteRules({
      '/**': { ssr: true },
      '/press/**': { ssr: false },
      '/press/kit': { noindex: true },
    });
    expect(rules('/press/kit/')).toEqual({ ssr: false, noindex: true });
    expect(rules('/press/2026/launch')).toEqual({ ssr: false });
    expect(rules('/pressroom')).toEqual({ ssr: true });
  });

  it('refuses a matcher it cannot read', () => {
    for (const bad of [
      undefined,
      [],
      'rules',
      { '/**': 'yes' },
      { 'no-slash': {} },
      { '/a/*/b': {} },
      { '/**/x': {} },
      { '/a': { ssr: 'true' } },
    ]) {
      expect(() => compileRouteRules(bad), JSON.stringify(bad)).toThrow(RouteMatcherError);
    }
  });
});
