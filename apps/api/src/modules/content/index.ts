/**
 * The content module: blog, help centre, legal pages, countries, contacts, site settings, sitemap.
 * Code outside the module imports it only from here (tooling/lint/boundaries.js).
 */
export { choosePhones } from './contacts.ts';
export { contentHandlers, type ContentConfig } from './handlers.ts';
export { orderMessengers } from './messengers.ts';
export { LEGAL_ROUTES, type LegalKind } from './legal.ts';
export { LegalPublishError, publishLegalDocument, withdrawLegalDocument } from './legal-publish.ts';
export { readSiteSettings, type MessengerSource, type SiteSettings } from './site-settings.ts';
