import type { GallopClient } from '@gallop/api-client';
import { getCountryByIpQueryOptions } from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { countryCookie, countryIdFromCookies } from '../../lib/country-cookie';

// The cookie is shared with the account settings, where a traveller may choose the country.
export { countryCookie, countryIdFromCookies } from '../../lib/country-cookie';

/**
 * The stored country, or the one detected by IP, then stored. A failed detection is logged
 * quietly and leaves no cookie, so the next page load tries again.
 */
export async function ensureVisitorCountry(
  queryClient: QueryClient,
  api: GallopClient<true>,
  doc: Document = document,
): Promise<number | undefined> {
  const stored = countryIdFromCookies(doc.cookie);
  if (stored !== undefined) return stored;
  try {
    const { result } = await queryClient.fetchQuery({
      ...getCountryByIpQueryOptions(api),
      staleTime: Infinity,
    });
    doc.cookie = countryCookie(result.id, doc.location.protocol === 'https:');
    return result.id;
  } catch (error) {
    console.warn('Country detection failed:', error);
    return undefined;
  }
}
