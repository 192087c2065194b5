import { describe, expect, it } from 'vitest';
import { UNGROUPED_TITLE, groupAnchor, groupSitemapEntries } from './sitemap-model';

describe('groupSitemapEntries', () => {
  it('groups search pages under their group, in the order groups first appear', () => {
    const groups = groupSitemapEntries([
      { url: '/argentina', title: 'Horse riding tours in Argentina', group: 'Countries' },
      { url: '/mendoza', title: 'Horse riding in Mendoza, Argentina', group: 'Regions' },
      { url: '/chile', title: 'Horse riding tours in Chile', group: 'Countries' },
      { url: '/beach-rides', title: 'Beach rides' },
      { url: '/winter', title: 'Winter rides', group: '  ' },
    ]);
    expect(groups).toEqual([
      {
        title: 'Countries',
        links: [
          { href: '/argentina', text: 'Horse riding tours in Argentina' },
          { href: '/chile', text: 'Horse riding tours in Chile' },
        ],
      },
      {
        title: 'Regions',
        links: [{ href: '/mendoza', text: 'Horse riding in Mendoza, Argentina' }],
      },
      {
        title: UNGROUPED_TITLE,
        links: [
          { href: '/beach-rides', text: 'Beach rides' },
          { href: '/winter', text: 'Winter rides' },
        ],
      },
    ]);
  });

  it('gives nothing for no entries', () => {
    expect(groupSitemapEntries([])).toEqual([]);
  });
});

describe('groupAnchor', () => {
  it('turns a group title into an id', () => {
    expect(groupAnchor('Riding holidays by style')).toBe('sitemap-riding-holidays-by-style');
    expect(groupAnchor('Día & Noche')).toBe('sitemap-d-a-noche');
    expect(groupAnchor('!!!')).toBe('sitemap-group');
  });
});
