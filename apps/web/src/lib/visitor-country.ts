/**
 * The visitor's country on the page (decision 145): the one the server's render worked out
 * (`visitor-country-server.ts`: their country cookie's, else the edge's, else the default), handed
 * to the browser with the page. It decides the page's units (pounds, miles and °F in the three
 * countries that are not metric) and a phone field's first country.
 */
import { useRouter } from '@tanstack/react-router';
import type { VisitorCountry, VisitorPreferences } from './visitor';

/**
 * What the server's render knew of the visitor (their country, a picked weight unit), handed over
 * with the page; undefined outside the app's router (a part alone in its test).
 */
export function useVisitorPreferences(): VisitorPreferences | undefined {
  return useRouter({ warn: false })?.options.context.visitor as VisitorPreferences | undefined;
}

/**
 * The visitor's country, as the server worked it out for this page; unknown when the API was
 * unreachable then (metric units, the default phone country).
 */
export function useVisitorCountry(): VisitorCountry | undefined {
  return useVisitorPreferences()?.country;
}
