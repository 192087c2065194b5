import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SLIDER_CLICK_ANIMATION_MS, Slider, type SliderValue } from './slider';

function Controlled<V extends SliderValue>(props: {
  initial: V;
  onChange?: (v: V) => void;
  step?: number;
}) {
  const [value, setValue] = useState<V>(props.initial);
  return (
    <Slider
      label="Price"
      value={value}
      step={props.step}
      formatOptions={{ style: 'currency', currency: 'USD', maximumFractionDigits: 0 }}
      onChange={(next) => {
        setValue(next);
        props.onChange?.(next);
      }}
    />
  );
}

describe('Slider', () => {
  it('defaults to min 0, max 100, step 1', async () => {
    render(<Controlled initial={50} />);
    const thumb = screen.getByRole('slider');
    expect(thumb).toHaveAttribute('min', '0');
    expect(thumb).toHaveAttribute('max', '100');
    expect(thumb).toHaveAttribute('step', '1');
    expect(thumb).toHaveAttribute('aria-valuetext', '$50');
  });

  it('moves by step with the keyboard and stops at the bounds', async () => {
    const onChange = vi.fn();
    render(<Controlled initial={99} onChange={onChange} />);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith(100);
    await userEvent.keyboard('{Home}');
    expect(onChange).toHaveBeenLastCalledWith(0);
  });

  it('has two named thumbs in range mode that cannot cross', async () => {
    const onChange = vi.fn();
    render(<Controlled initial={[20, 30] as const} onChange={onChange} step={10} />);
    const [low, high] = screen.getAllByRole('slider');
    expect(low).toHaveAccessibleName(/Minimum/);
    expect(high).toHaveAccessibleName(/Maximum/);
    expect(screen.getByText('$20 – $30')).toBeInTheDocument();
    low!.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith([30, 30]);
  });

  it('glides for 200 ms after a click on the track, not on a thumb', () => {
    vi.useFakeTimers();
    const { container } = render(<Controlled initial={10} />);
    const root = container.querySelector('.gk-slider')!;
    fireEvent.pointerDown(container.querySelector('.gk-slider__track')!);
    expect(root).toHaveClass('gk-slider--gliding');
    act(() => vi.advanceTimersByTime(SLIDER_CLICK_ANIMATION_MS));
    expect(root).not.toHaveClass('gk-slider--gliding');
    fireEvent.pointerDown(container.querySelector('.gk-slider__thumb')!);
    expect(root).not.toHaveClass('gk-slider--gliding');
    vi.useRealTimers();
  });
});
