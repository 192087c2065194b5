import { countryCookie, countryIdFromCookies } from '../../lib/country-cookie';
import type { VisitorPreferences } from '../../lib/visitor';

// The cookie is shared with the account settings, where a traveller may choose the country.
export { countryCookie, countryIdFromCookies } from '../../lib/country-cookie';

/**
 * The visitor's country as far as it is known, not guessed (decision 161): the cookie's (chosen in
 * the settings, or an edge's kept earlier), else the one the edge told the server's render for
 * this page, then kept in the cookie 180 days. A country the render guessed (the browser's
 * language region, or the default when nothing told it) is neither kept nor answered: the next
 * page guesses again, as this one did, and a signed-in account keeps its own. The render asked
 * the edge already (`visitor-country-server.ts`): no call of its own.
 */
export function knownVisitorCountry(
  visitor: Pick<VisitorPreferences, 'country' | 'countryFrom'>,
  doc: Document = document,
): number | undefined {
  const stored = countryIdFromCookies(doc.cookie);
  if (stored !== undefined) return stored;
  if (visitor.countryFrom !== 'edge' || !visitor.country) return undefined;
  doc.cookie = countryCookie(visitor.country.id, doc.location.protocol === 'https:');
  return visitor.country.id;
}
