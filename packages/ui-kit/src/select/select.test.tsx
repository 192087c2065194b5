import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Select, groupSelectItems } from './select';

const countries = [
  { name: 'Europe', header: true },
  { name: 'Iceland', code: 'IS' },
  { name: 'Portugal', code: 'PT' },
  { name: 'Asia', header: true },
  { name: 'Mongolia', code: 'MN' },
  { name: 'Kyrgyzstan', code: 'KG', disabled: true },
];

describe('groupSelectItems', () => {
  it('starts a section at each header-only entry, reading text and value keys', () => {
    const sections = groupSelectItems(countries, 'name', 'code');
    expect(sections.map((s) => s.title)).toEqual(['Europe', 'Asia']);
    expect(sections[1]?.options.map((o) => [o.key, o.text, o.disabled])).toEqual([
      ['MN', 'Mongolia', false],
      ['KG', 'Kyrgyzstan', true],
    ]);
  });

  it('keeps options before any header in an untitled section', () => {
    const sections = groupSelectItems([{ text: 'Any', value: 0 }]);
    expect(sections).toEqual([
      {
        key: 'default',
        options: [{ key: '0', text: 'Any', item: { text: 'Any', value: 0 }, disabled: false }],
      },
    ]);
  });
});

describe('Select', () => {
  it('shows the placeholder, opens a listbox with group headers, and reports the value', async () => {
    const onChange = vi.fn();
    render(
      <Select
        label="Country"
        items={countries}
        textKey="name"
        valueKey="code"
        onChange={onChange}
      />,
    );
    const trigger = screen.getByRole('button', { name: /Country/ });
    expect(trigger).toHaveTextContent('Select');
    await userEvent.click(trigger);
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('group')
        .map((g) => g.textContent),
    ).toEqual([expect.stringContaining('Europe'), expect.stringContaining('Asia')]);
    // Headers are not options.
    expect(within(listbox).queryByRole('option', { name: 'Europe' })).toBeNull();
    expect(within(listbox).getByRole('option', { name: 'Kyrgyzstan' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(within(listbox).getByRole('option', { name: 'Mongolia' }));
    expect(onChange).toHaveBeenCalledWith('MN', countries[4]);
    expect(screen.getByRole('button', { name: /Country/ })).toHaveTextContent('Mongolia');
  });

  it('uses text and value by default and shows a controlled value', () => {
    render(
      <Select
        label="Duration"
        items={[
          { text: '1-3 days', value: 1 },
          { text: '4-7 days', value: 2 },
        ]}
        value={2}
      />,
    );
    expect(screen.getByRole('button', { name: /Duration/ })).toHaveTextContent('4-7 days');
  });

  it('filters a long list with its search box, ignoring case and accents', async () => {
    const onChange = vi.fn();
    render(
      <Select
        label="Country"
        description="Where you live"
        searchable
        searchLabel="Search countries"
        items={[
          { text: 'Germany', value: 1 },
          { text: 'São Tomé & Príncipe', value: 2 },
          { text: 'Sweden', value: 3 },
        ]}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('button', { name: /Country/ })).toHaveAccessibleDescription(
      'Where you live',
    );
    await userEvent.click(screen.getByRole('button', { name: /Country/ }));
    const search = await screen.findByRole('searchbox', { name: 'Search countries' });
    await userEvent.type(search, 'sao');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith(2, expect.objectContaining({ value: 2 }));
    await userEvent.click(screen.getByRole('button', { name: /Country/ }));
    await userEvent.type(await screen.findByRole('searchbox'), 'atlantis');
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).queryByRole('option', { name: /Germany|Sweden|São/ })).toBeNull();
    expect(within(listbox).getByText('Nothing found')).toBeInTheDocument();
  });
});
