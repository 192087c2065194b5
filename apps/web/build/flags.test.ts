// @vitest-environment node
import { phoneCountriesFor } from '@gallop/ui-kit';
import { describe, expect, it, vi } from 'vitest';
import { FLAGS_PATH, flagFiles, flagsPlugin } from './flags';

describe('flags', () => {
  it('has a flag for every country of the phone input', () => {
    const files = flagFiles();
    const missing = phoneCountriesFor('en-US').filter(
      (country) => !files.has(`${country.iso_code.toLowerCase()}.svg`),
    );
    expect(missing).toEqual([]);
    expect(files.get('ac.svg')).toMatch(/sh-ac\.svg$/);
  });

  it('answers /flags/1x1/<cc>.svg on the dev server', () => {
    let handler: ((req: { url?: string }, res: unknown, next: () => void) => void) | undefined;
    let mountedAt: string | undefined;
    const server = {
      middlewares: {
        use: (at: string, handle: typeof handler) => {
          mountedAt = at;
          handler = handle;
        },
      },
    };
    const plugin = flagsPlugin();
    (plugin.configureServer as (server: unknown) => void)(server);
    expect(mountedAt).toBe(FLAGS_PATH);
    const res = { setHeader: vi.fn(), end: vi.fn() };
    const next = vi.fn();
    handler?.({ url: '/de.svg' }, res, next);
    expect(res.setHeader).toHaveBeenCalledWith('Content-Type', 'image/svg+xml');
    expect(String(res.end.mock.calls[0]?.[0])).toContain('<svg');
    handler?.({ url: '/../package.json' }, res, next);
    expect(next).toHaveBeenCalledTimes(1);
  });
});
