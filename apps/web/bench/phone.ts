/**
 * Lighthouse's mobile emulation and its "applied" slow-4G throttling (the values its devtools
 * throttling uses), so every load the benchmark makes itself meets the same phone and network.
 */
export const MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
};

export const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};

/** Lighthouse's mobile CPU slowdown. */
export const CPU_SLOWDOWN = 4;
