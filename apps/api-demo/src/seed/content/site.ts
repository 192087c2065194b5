import { asc, inArray } from 'drizzle-orm';
import {
  cities,
  contactPhones,
  countries,
  siteSettings,
  socialLinks,
} from '@gallop/api/src/db/schema/index.ts';
import type { SiteSettings } from '@gallop/api/src/modules/content/index.ts';
import { LANDING_VIDEOS } from '@gallop/api/src/modules/media/index.ts';
import type { SeedContext } from '../context.ts';

export const SUPPORT_EMAIL = 'support@gallop.example';
const SUPPORT_PHONE = '+14155550134';

/** `+14155550134` -> `+1 415 555 0134`, grouped after the country code. */
export function formatPhone(phone: string, countryCodeLength: number, groups: number[]): string {
  const digits = phone.replace(/\D/g, '');
  const parts = [`+${digits.slice(0, countryCodeLength)}`];
  let at = countryCodeLength;
  for (const size of groups) {
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) parts.push(digits.slice(at));
  return parts.filter(Boolean).join(' ');
}

interface PhoneSeed {
  phone: string;
  codeLength: number;
  groups: number[];
}

/** General phones: the main line and two additional ones (fictional numbers). */
const GENERAL_PHONES: (PhoneSeed & { type: 'main' | 'additional' })[] = [
  { type: 'main', phone: SUPPORT_PHONE, codeLength: 1, groups: [3, 3, 4] },
  { type: 'additional', phone: '+442079460958', codeLength: 2, groups: [2, 4, 4] },
  { type: 'additional', phone: '+61291925000', codeLength: 2, groups: [1, 4, 4] },
];

/** Local lines in a few countries, by ISO code, and in one city of some of them. */
const LOCAL_PHONES: (PhoneSeed & { iso: string; city?: string })[] = [
  { iso: 'GB', phone: '+442079460123', codeLength: 2, groups: [2, 4, 4] },
  { iso: 'GB', city: 'Inverness', phone: '+441463960321', codeLength: 2, groups: [4, 6] },
  { iso: 'IS', phone: '+3545551234', codeLength: 3, groups: [3, 4] },
  { iso: 'ES', phone: '+34912345678', codeLength: 2, groups: [3, 3, 3] },
  { iso: 'ES', city: 'Seville', phone: '+34954123456', codeLength: 2, groups: [3, 3, 3] },
  { iso: 'AU', phone: '+61255501234', codeLength: 2, groups: [1, 4, 4] },
  { iso: 'MN', phone: '+97670115566', codeLength: 3, groups: [4, 4] },
];

/** Messenger links of the support desk (the `Messengers` map). */
export const MESSENGERS: SiteSettings['messengers'] = {
  facebook: 'https://m.me/gallop.rides',
  telegram: 'https://t.me/gallop_support_bot',
  whatsapp: 'https://wa.me/14155550134',
  viber: 'viber://chat?number=%2B14155550134',
  instagram: 'https://ig.me/m/gallop.rides',
};

const SOCIAL_LINKS = [
  { source: 'instagram', url: 'https://www.instagram.com/gallop.rides' },
  { source: 'facebook', url: 'https://www.facebook.com/gallop.rides' },
  { source: 'x', url: 'https://x.com/gallop_rides' },
  { source: 'tiktok', url: 'https://www.tiktok.com/@gallop.rides' },
  { source: 'telegram', url: 'https://t.me/gallop_rides' },
];

/**
 * Site-wide settings. Captcha keys are empty (decisions: the invisible captcha does not start)
 * and no maps provider is set (the map preloader keeps its static preview).
 */
const SITE_SETTINGS: SiteSettings = {
  support_email: SUPPORT_EMAIL,
  messengers: MESSENGERS,
  site_tokens: {
    captcha_provider: null,
    captcha_key: '',
    hard_captcha_key: '',
    invisible_captcha_provider: null,
    invisible_captcha_key: '',
    maps_provider: null,
    maps_token: null,
    maps_suggest_token: null,
    send_tour_program_in_pdf_via_whatsapp: true,
    main_auth_method: 'email',
  },
  // The support desk's hours in New York: long weekdays, shorter Saturdays, Sundays off.
  support_schedule: {
    timezone: 'America/New_York',
    days: [
      { weekday: 1, from: '08:00', to: '20:00' },
      { weekday: 2, from: '08:00', to: '20:00' },
      { weekday: 3, from: '08:00', to: '20:00' },
      { weekday: 4, from: '08:00', to: '20:00' },
      { weekday: 5, from: '08:00', to: '20:00' },
      { weekday: 6, from: '10:00', to: '16:00' },
      { weekday: 7, from: null, to: null },
    ],
  },
  // The videos the demo's renderer films on first request (decision 105).
  landing_videos: LANDING_VIDEOS.map((video) => ({
    name: video.name,
    small_url: video.smallUrl,
    large_url: video.largeUrl,
    poster: video.posterUrl,
    placeholder_color: video.placeholderColor,
  })),
};

/** Contact phones, social links and the site settings. */
export async function seedSite(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const isoCodes = [...new Set(LOCAL_PHONES.map((phone) => phone.iso))];
  const countryRows = await db
    .select({ id: countries.id, isoCode: countries.isoCode })
    .from(countries)
    .where(inArray(countries.isoCode, isoCodes));
  const cityNames = LOCAL_PHONES.flatMap((phone) => (phone.city ? [phone.city] : []));
  const cityRows = cityNames.length
    ? await db
        .select({ id: cities.id, name: cities.name, countryId: cities.countryId })
        .from(cities)
        .where(inArray(cities.name, cityNames))
        .orderBy(asc(cities.id))
    : [];

  const phones: (typeof contactPhones.$inferInsert)[] = GENERAL_PHONES.map((phone, index) => ({
    type: phone.type,
    phone: phone.phone,
    formattedPhone: formatPhone(phone.phone, phone.codeLength, phone.groups),
    position: index,
  }));
  for (const [index, local] of LOCAL_PHONES.entries()) {
    const country = countryRows.find((row) => row.isoCode === local.iso);
    if (!country) continue; // a catalogue without that country gets no local line for it
    const city = local.city
      ? cityRows.find((row) => row.name === local.city && row.countryId === country.id)
      : undefined;
    if (local.city && !city) continue;
    phones.push({
      type: 'main',
      phone: local.phone,
      formattedPhone: formatPhone(local.phone, local.codeLength, local.groups),
      entityKind: city ? 'city' : 'country',
      entityId: city ? city.id : country.id,
      position: index,
    });
  }
  await db.insert(contactPhones).values(phones);
  await db
    .insert(socialLinks)
    .values(SOCIAL_LINKS.map((link, index) => ({ ...link, position: index })));
  await db
    .insert(siteSettings)
    .values(Object.entries(SITE_SETTINGS).map(([key, value]) => ({ key, value })));
}
