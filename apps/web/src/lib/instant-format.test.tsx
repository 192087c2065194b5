import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatInstant, useFormattedInstant, zoneName } from './instant-format';
import { createFakeApi } from './testing/fake-api';
import { renderInApp } from './testing/render-in-app';
import { browserIn, hydrateForZone } from './testing/viewer-zone';

const WINTER = '2026-12-06T09:54:00Z';
const SUMMER = '2026-07-06T09:54:00Z';

describe('formatInstant', () => {
  it('writes the time with its zone, in the zone it is given', () => {
    expect(formatInstant(WINTER, 'UTC')).toBe('09:54 UTC, 6 Dec 2026');
    expect(formatInstant(WINTER, 'Europe/Berlin')).toBe('10:54 CET, 6 Dec 2026');
    expect(formatInstant(SUMMER, 'Europe/Berlin')).toBe('11:54 CEST, 6 Jul 2026');
    expect(formatInstant(WINTER, 'Europe/London')).toBe('09:54 GMT, 6 Dec 2026');
    expect(formatInstant(SUMMER, 'Europe/London')).toBe('10:54 BST, 6 Jul 2026');
    expect(formatInstant(WINTER, 'America/New_York')).toBe('04:54 EST, 6 Dec 2026');
    expect(formatInstant(WINTER, 'Asia/Tokyo')).toBe('18:54 GMT+9, 6 Dec 2026');
  });

  it('moves the day with the zone', () => {
    expect(formatInstant('2026-12-31T23:30:00Z', 'Europe/Berlin')).toBe('00:30 CET, 1 Jan 2027');
    expect(formatInstant('2026-12-31T23:30:00Z', 'UTC')).toBe('23:30 UTC, 31 Dec 2026');
  });

  it('writes an unknown zone in UTC, and nothing for a value that is not a date-time', () => {
    expect(formatInstant(WINTER, 'Mars/Olympus_Mons')).toBe('09:54 UTC, 6 Dec 2026');
    expect(formatInstant('soon', 'UTC')).toBeUndefined();
  });

  it('names a zone without a common abbreviation by its offset', () => {
    expect(zoneName(new Date(WINTER), 'Asia/Kolkata')).toBe('GMT+5:30');
    expect(zoneName(new Date(WINTER), 'UTC')).toBe('UTC');
  });
});

describe('useFormattedInstant', () => {
  afterEach(() => vi.restoreAllMocks());

  function Deadline() {
    return <span>{useFormattedInstant(WINTER)}</span>;
  }

  it('renders UTC on the server and while hydrating, then the browser zone, with no mismatch', async () => {
    browserIn('Europe/Berlin');
    const mismatches: unknown[] = [];
    const { serverHtml, container } = await renderInApp(<Deadline />, {
      hydrate: { onRecoverableError: (error) => mismatches.push(error) },
    });
    expect(serverHtml).toContain('<span>09:54 UTC, 6 Dec 2026</span>');
    await waitFor(() => expect(container.textContent).toBe('10:54 CET, 6 Dec 2026'));
    expect(mismatches).toEqual([]);
  });

  it('renders the zone of the signed-in viewer’s settings from the server’s HTML on', async () => {
    browserIn('Europe/Berlin');
    const { serverHtml, container, mismatches } = await hydrateForZone(
      <Deadline />,
      'America/New_York',
      createFakeApi({}).fetch,
    );
    expect(serverHtml).toContain('<span>04:54 EST, 6 Dec 2026</span>');
    expect(container.textContent).toBe('04:54 EST, 6 Dec 2026');
    expect(mismatches).toEqual([]);
  });
});
