import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Select } from '../select';
import { LocaleProvider } from './locale-provider';

const sorts = [
  { text: 'Recommended', value: 'recommended' },
  { text: 'Cheapest first', value: 'price' },
];

const sortSelect = <Select label="Sort" items={sorts} value="recommended" onChange={() => {}} />;

/** The sort select, inside a `LocaleProvider` when given a locale. */
function renderSort(locale?: string) {
  render(locale ? <LocaleProvider locale={locale}>{sortSelect}</LocaleProvider> : sortSelect);
}

async function openSort() {
  await userEvent.click(screen.getByRole('button', { name: /Sort/ }));
  return screen.getByRole('listbox');
}

describe('LocaleProvider', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    act(() => void window.dispatchEvent(new Event('languagechange')));
  });

  /** A browser set to Japanese: React Aria reads the language again on `languagechange`. */
  function browserInJapanese() {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('ja-JP');
    act(() => void window.dispatchEvent(new Event('languagechange')));
  }

  it('without it, the components follow the browser’s language', async () => {
    renderSort();
    browserInJapanese();
    await openSort();
    expect(screen.getAllByRole('button', { name: '閉じる' }).length).toBeGreaterThan(0);
  });

  it('gives the components inside the interface’s language, not the browser’s', async () => {
    renderSort('en-US');
    browserInJapanese();
    expect(within(await openSort()).getAllByRole('option')).toHaveLength(2);
    // React Aria's hidden close button of the list, for screen-reader users.
    expect(screen.getAllByRole('button', { name: 'Dismiss' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: '閉じる' })).toBeNull();
  });

  it('speaks another interface language when the site sets one', async () => {
    renderSort('de');
    await openSort();
    expect(screen.getAllByRole('button', { name: 'Schließen' }).length).toBeGreaterThan(0);
  });

  it('sets the reading direction of a right-to-left language', async () => {
    renderSort('he-IL');
    await openSort();
    expect(document.querySelector('[dir="rtl"]')).not.toBeNull();
  });
});
