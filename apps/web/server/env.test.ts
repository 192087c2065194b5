// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { envSchema, loadEnv, siteConfigFromEnv } from './env';

describe('loadEnv', () => {
  it('applies the documented defaults', () => {
    expect(loadEnv({})).toEqual({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '127.0.0.1',
      API_URL: 'http://127.0.0.1:4000',
      GALLOP_ORGANIZER_URL: 'https://partners.gallop.example',
      PAGE_CACHE_TTL_MS: 5000,
      BOOKING_BASE_PATH: 'booking',
      FEATURE_QR_PAYMENT: false,
      FEATURE_ARRIVAL: false,
      TRUSTED_PROXIES: [],
      MAP_TILE_ORIGINS: [],
    });
  });

  it('reads MAP_TILE_ORIGINS as https origins, and refuses anything else', () => {
    expect(
      loadEnv({ MAP_TILE_ORIGINS: 'https://tiles.example.com, https://fonts.example.com/' })
        .MAP_TILE_ORIGINS,
    ).toEqual(['https://tiles.example.com', 'https://fonts.example.com']);
    for (const bad of ['http://tiles.example.com', 'https://tiles.example.com/v1', 'tiles']) {
      expect(envSchema.safeParse({ MAP_TILE_ORIGINS: bad }).success, bad).toBe(false);
    }
  });

  it('reads COUNTRY_IP_HEADER as a header name in lower case, and refuses anything else', () => {
    expect(loadEnv({ COUNTRY_IP_HEADER: 'CF-IPCountry' }).COUNTRY_IP_HEADER).toBe('cf-ipcountry');
    for (const bad of ['CF IPCountry', 'x:y']) {
      expect(envSchema.safeParse({ COUNTRY_IP_HEADER: bad }).success, bad).toBe(false);
    }
  });

  it('reads TRUSTED_PROXIES as a list of addresses and ranges, and refuses anything else', () => {
    expect(loadEnv({ TRUSTED_PROXIES: ' 10.0.0.0/8, ::1 ,' }).TRUSTED_PROXIES).toEqual([
      '10.0.0.0/8',
      '::1',
    ]);
    for (const bad of ['proxy.local', '10.0.0.0/33', '10.0.0.1/8/1']) {
      expect(envSchema.safeParse({ TRUSTED_PROXIES: bad }).success, bad).toBe(false);
    }
  });

  it('takes a booking base that is one free lowercase segment, and refuses others', () => {
    expect(siteConfigFromEnv(loadEnv({ BOOKING_BASE_PATH: 'trips' })).bookingBasePath).toBe(
      'trips',
    );
    for (const bad of ['Trips', 'trips/new', '/trips', 'tr ips', '-trips', 'login', 'bookings']) {
      expect(envSchema.safeParse({ BOOKING_BASE_PATH: bad }).success, bad).toBe(false);
    }
  });

  it("hands support's own phone and e-mail to the pages, and refuses malformed ones", () => {
    expect(siteConfigFromEnv(loadEnv({})).supportContacts).toBeUndefined();
    const env = loadEnv({ SUPPORT_PHONE: '+1 415 555 0100', SUPPORT_EMAIL: 'help@gallop.example' });
    expect(siteConfigFromEnv(env).supportContacts).toEqual({
      phone: '+1 415 555 0100',
      email: 'help@gallop.example',
    });
    for (const bad of ['415 555 0100', '+1 call us', 'tel:+14155550100']) {
      expect(envSchema.safeParse({ SUPPORT_PHONE: bad }).success, bad).toBe(false);
    }
    expect(envSchema.safeParse({ SUPPORT_EMAIL: 'help at gallop' }).success).toBe(false);
  });

  it('reads the feature flags as on/off and hands them to the pages', () => {
    const env = loadEnv({ FEATURE_QR_PAYMENT: 'on', FEATURE_ARRIVAL: 'off' });
    expect(siteConfigFromEnv(env).features).toEqual({ qrPayment: true, arrival: false });
    expect(siteConfigFromEnv(loadEnv({ FEATURE_ARRIVAL: 'true' })).features?.arrival).toBe(true);
    expect(envSchema.safeParse({ FEATURE_QR_PAYMENT: 'yes please' }).success).toBe(false);
  });

  it('hands the browser its API base and socket URL, and refuses URLs the page cannot use', () => {
    const env = loadEnv({
      PUBLIC_API_URL: 'https://edge.gallop.example/app/',
      PUBLIC_SOCKET_URL: 'wss://rt.gallop.example',
    });
    expect(siteConfigFromEnv(env).runtime).toEqual({
      apiBaseUrl: 'https://edge.gallop.example/app/',
      socketUrl: 'wss://rt.gallop.example',
    });
    expect(siteConfigFromEnv(loadEnv({})).runtime).toBeUndefined();
    for (const [name, bad] of [
      ['PUBLIC_API_URL', 'edge.gallop.example'],
      ['PUBLIC_API_URL', 'ftp://edge.gallop.example'],
      ['PUBLIC_API_URL', 'https://edge.gallop.example/?x=1'],
      ['PUBLIC_SOCKET_URL', 'wss://rt.gallop.example/chat'],
    ] as const) {
      expect(envSchema.safeParse({ [name]: bad }).success, `${name}=${bad}`).toBe(false);
    }
  });

  it('turns the page cache off with 0 and refuses a negative TTL', () => {
    expect(loadEnv({ PAGE_CACHE_TTL_MS: '0' }).PAGE_CACHE_TTL_MS).toBe(0);
    expect(envSchema.safeParse({ PAGE_CACHE_TTL_MS: '-1' }).success).toBe(false);
  });

  it('reads and coerces the variables it knows, treating empty ones as unset', () => {
    const env = loadEnv({
      PORT: '4173',
      HOST: '0.0.0.0',
      API_URL: 'https://api.gallop.example',
      PUBLIC_URL: 'https://gallop.example',
      GALLOP_ORGANIZER_URL: '',
    });
    expect(env).toMatchObject({
      PORT: 4173,
      HOST: '0.0.0.0',
      API_URL: 'https://api.gallop.example',
      PUBLIC_URL: 'https://gallop.example',
      GALLOP_ORGANIZER_URL: 'https://partners.gallop.example',
    });
  });

  it('exits with a readable message when a variable is invalid', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => {
      throw new Error('exit');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => loadEnv({ PORT: 'eighty', API_URL: 'ftp://api' })).toThrow('exit');
    expect(exit).toHaveBeenCalledWith(1);
    const message = String(error.mock.calls[0]?.[0]);
    expect(message).toContain('PORT');
    expect(message).toContain('API_URL');
  });

  it('takes a Google Analytics measurement id and hands it to the pages', () => {
    const env = loadEnv({ GALLOP_ANALYTICS_ID: 'G-2XK4PLM7QZ' });
    expect(siteConfigFromEnv(env).analyticsId).toBe('G-2XK4PLM7QZ');
    expect(siteConfigFromEnv(loadEnv({})).analyticsId).toBeUndefined();
  });
});
