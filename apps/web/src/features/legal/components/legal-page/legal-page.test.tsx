import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { LegalDocument } from '../../api';
import { LegalPageView, versionStatus } from './legal-page';

const versions = [
  { version: 3, effective_from: '2027-01-01' },
  { version: 2, effective_from: '2026-08-01' },
  { version: 1, effective_from: '2024-10-01' },
];
const doc = (version: number): LegalDocument => ({
  kind: 'privacy',
  version,
  title: 'Privacy Policy',
  body: '<h2>1. What we collect</h2><p>Names.</p><h2>2. Why</h2><p>Bookings.</p>',
  effective_from: versions.find((item) => item.version === version)?.effective_from ?? '',
  versions,
});

describe('versionStatus', () => {
  it('says when each version applies, against the one in force', () => {
    const [next, current, old] = versions;
    expect(versionStatus(current!, doc(2), versions)).toBe('In force since 1 August 2026');
    expect(versionStatus(old!, doc(2), versions)).toBe(
      'Applied from 1 October 2024 to 31 July 2026',
    );
    expect(versionStatus(next!, doc(2), versions)).toBe('Takes effect on 1 January 2027');
  });
});

describe('LegalPageView', () => {
  it('shows an earlier version with a way to the one in force and links every version', async () => {
    await renderInApp(<LegalPageView path="/privacy" document={doc(1)} current={doc(2)} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('earlier version');
    expect(
      screen
        .getByRole('link', { name: 'Read the version in force (version 2)' })
        .getAttribute('href'),
    ).toBe('/privacy');

    const links = within(screen.getByRole('navigation', { name: 'Versions' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/privacy/3',
      '/privacy',
      '/privacy/1',
    ]);
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual([null, null, 'page']);

    const outline = within(screen.getByRole('navigation', { name: 'On this page' }));
    expect(outline.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '#1-what-we-collect',
      '#2-why',
    ]);
    expect(document.getElementById('2-why')?.tagName).toBe('H2');
  });

  it('shows no notice on the version in force', async () => {
    await renderInApp(<LegalPageView path="/privacy" document={doc(2)} current={doc(2)} />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('note')).toBeNull();
  });
});
