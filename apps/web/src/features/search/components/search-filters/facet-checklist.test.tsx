import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FACET_VISIBLE_OPTIONS, FacetChecklist, RadioList } from './facet-checklist';

const options = Array.from({ length: FACET_VISIBLE_OPTIONS + 2 }, (_, index) => ({
  value: index + 1,
  text: `Country ${index + 1}`,
  count: 10 - index,
}));
const readId = (value: string | number) => Number(value);

describe('FacetChecklist', () => {
  it('names each option with its count and reports the new selection', () => {
    const onChange = vi.fn();
    render(
      <FacetChecklist
        legend="Country"
        options={options}
        selected={[2]}
        parse={readId}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('group', { name: 'Country' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Country 2 9 tours' })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Country 1 10 tours' }));
    expect(onChange).toHaveBeenLastCalledWith([2, 1]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Country 2 9 tours' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('keeps chosen options visible and shows the rest on request', () => {
    const last = options.length;
    render(
      <FacetChecklist
        legend="Country"
        options={options}
        selected={[last]}
        parse={readId}
        onChange={vi.fn()}
      />,
    );
    expect(screen.getAllByRole('checkbox')).toHaveLength(FACET_VISIBLE_OPTIONS + 1);
    expect(screen.getByRole('checkbox', { name: new RegExp(`^Country ${last} `) })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: `Show all ${options.length}` }));
    expect(screen.getAllByRole('checkbox')).toHaveLength(options.length);
  });
});

describe('RadioList', () => {
  it('checks the current choice and reports another', () => {
    const onChange = vi.fn();
    render(
      <RadioList
        legend="Trip type"
        name="type"
        choices={[
          { value: 1, text: 'Multi-day tours' },
          { value: 2, text: 'Day rides', count: 1 },
        ]}
        value={1}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Multi-day tours' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'Day rides 1 tour' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });
});
