import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Counter } from './counter';
import { NumberInput, clamp, parseNumber } from './number-input';

describe('clamp and parseNumber', () => {
  it('clamps to the bounds and leaves missing bounds open', () => {
    expect(clamp(15, 1, 10)).toBe(10);
    expect(clamp(-3, 1, 10)).toBe(1);
    expect(clamp(5, 1, 10)).toBe(5);
    expect(clamp(500)).toBe(500);
  });
  it('parses commas and rejects junk', () => {
    expect(parseNumber('2,5')).toBe(2.5);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('1.2.3')).toBeNull();
  });
});

function ControlledNumber(props: {
  min?: number;
  max?: number;
  onChange?: (v: number | null) => void;
}) {
  const [value, setValue] = useState<number | null>(5);
  return (
    <label>
      Days
      <NumberInput
        value={value}
        min={props.min}
        max={props.max}
        onChange={(next) => {
          setValue(next);
          props.onChange?.(next);
        }}
      />
    </label>
  );
}

describe('NumberInput', () => {
  it('clamps a typed value to max and min when committed', async () => {
    const onChange = vi.fn();
    render(<ControlledNumber min={1} max={20} onChange={onChange} />);
    const input = screen.getByRole('spinbutton', { name: 'Days' });
    await userEvent.clear(input);
    await userEvent.type(input, '35');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.tab();
    expect(onChange).toHaveBeenLastCalledWith(20);
    expect(input).toHaveValue('20');
    await userEvent.clear(input);
    await userEvent.type(input, '0{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect(input).toHaveAttribute('aria-valuenow', '1');
  });

  it('steps with the arrow keys and stops at the bounds', async () => {
    render(<ControlledNumber min={4} max={6} />);
    const input = screen.getByRole('spinbutton');
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(input).toHaveValue('6');
    await userEvent.keyboard('{Home}');
    expect(input).toHaveValue('4');
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveValue('4');
  });

  it('ignores letters', async () => {
    render(<ControlledNumber />);
    const input = screen.getByRole('spinbutton');
    await userEvent.clear(input);
    await userEvent.type(input, '1a2b');
    expect(input).toHaveValue('12');
  });
});

function ControlledCounter({ onChange }: { onChange: (v: number) => void }) {
  const [value, setValue] = useState(1);
  return (
    <Counter
      label="Adults"
      value={value}
      min={1}
      max={3}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('Counter', () => {
  it('steps with the buttons and disables them at the bounds', async () => {
    const onChange = vi.fn();
    render(<ControlledCounter onChange={onChange} />);
    const decrease = screen.getByRole('button', { name: 'Decrease Adults' });
    const increase = screen.getByRole('button', { name: 'Increase Adults' });
    expect(decrease).toBeDisabled();
    await userEvent.click(increase);
    await userEvent.click(increase);
    expect(onChange).toHaveBeenLastCalledWith(3);
    expect(increase).toBeDisabled();
    expect(screen.getByRole('spinbutton', { name: 'Adults' })).toHaveValue('3');
  });

  it('clamps a typed value to its bounds', async () => {
    const onChange = vi.fn();
    render(<ControlledCounter onChange={onChange} />);
    const input = screen.getByRole('spinbutton', { name: 'Adults' });
    await userEvent.clear(input);
    await userEvent.type(input, '9{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(3);
    expect(input).toHaveValue('3');
  });
});
