import type { components } from '@gallop/api-client';
import { inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { siteSettings } from '#src/db/schema/index.ts';

type Schemas = components['schemas'];

type SiteTokens = Schemas['SiteTokens'];
export type MessengerSource = Schemas['MessengerSource'];
type ScheduleDay = Schemas['ScheduleDay'];
type LandingVideo = Schemas['LandingVideo'];

/** Support hours per weekday (1 Monday ... 7 Sunday) in one IANA time zone. */
export interface SupportSchedule {
  timezone: string;
  days: ScheduleDay[];
}

/**
 * The values kept in `site_settings`, by key. The seed writes them and the content handlers read
 * them; both go through this one description so the JSON cannot drift.
 */
export interface SiteSettings {
  support_email: string;
  /** Messenger links of the site, by source (the `Messengers` map). */
  messengers: Partial<Record<MessengerSource, string>>;
  site_tokens: SiteTokens;
  support_schedule: SupportSchedule;
  /**
   * The landing's background videos, in display order: files the team uploads to its media host
   * (the demo seed lists the videos its renderer films). None: the landing shows its still picture.
   */
  landing_videos: LandingVideo[];
}

export type SiteSettingKey = keyof SiteSettings;

/**
 * What the site answers when a setting was never written (a database migrated but not seeded):
 * empty but valid, so the public calls keep their contract instead of failing.
 */
const DEFAULT_SITE_SETTINGS: SiteSettings = {
  support_email: '',
  messengers: {},
  site_tokens: {
    captcha_provider: null,
    captcha_key: null,
    hard_captcha_key: null,
    invisible_captcha_provider: null,
    invisible_captcha_key: null,
    maps_provider: null,
    maps_token: null,
    maps_suggest_token: null,
    send_tour_program_in_pdf_via_whatsapp: false,
    main_auth_method: 'email',
  },
  support_schedule: {
    timezone: 'UTC',
    days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, from: null, to: null })),
  },
  landing_videos: [],
};

/** Reads some settings in one query; missing keys get their defaults. */
export async function readSiteSettings<K extends SiteSettingKey>(
  db: Database,
  keys: readonly K[],
): Promise<Pick<SiteSettings, K>> {
  const rows = await db
    .select()
    .from(siteSettings)
    .where(inArray(siteSettings.key, [...keys]));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const result = {} as Pick<SiteSettings, K>;
  for (const key of keys) {
    result[key] = (stored.get(key) as SiteSettings[K] | undefined) ?? DEFAULT_SITE_SETTINGS[key];
  }
  return result;
}
