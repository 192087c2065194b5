/**
 * Pages behind runtime flags (docs/product.md, Routes: the QR payment pages and the arrival page
 * exist only when their flag is on). A page whose flag is off is the 404 page, status 404.
 */
import { notFound } from '@tanstack/react-router';
import type { SiteConfig, SiteFeatures } from './site';

export function isFeatureOn(
  site: Pick<SiteConfig, 'features'>,
  feature: keyof SiteFeatures,
): boolean {
  return site.features?.[feature] === true;
}

/** For loaders: throws the router's not-found when the flag is off. */
export function requireFeature(
  site: Pick<SiteConfig, 'features'>,
  feature: keyof SiteFeatures,
): void {
  if (!isFeatureOn(site, feature)) throw notFound();
}
