import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SLIDER_CLICK_ANIMATION_MS,
  SLIDER_KEYBOARD_END_DELAY_MS,
  Slider,
  type SliderValue,
} from './slider';

function Controlled<V extends SliderValue>(props: {
  initial: V;
  onChange?: (v: V) => void;
  onChangeEnd?: (v: V) => void;
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
      onChangeEnd={props.onChangeEnd}
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

  it('keeps its own value from defaultValue when uncontrolled', async () => {
    const onChange = vi.fn();
    render(<Slider label="Riders" defaultValue={[2, 6] as const} onChange={onChange} />);
    const [low] = screen.getAllByRole('slider');
    low!.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(low).toHaveValue('4');
    expect(onChange).toHaveBeenLastCalledWith([4, 6]);
  });

  it('starts at min with neither value nor defaultValue', async () => {
    render(<Slider label="Hours" min={3} max={9} />);
    const thumb = screen.getByRole('slider');
    expect(thumb).toHaveValue('3');
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    expect(thumb).toHaveValue('4');
  });

  it('stays where its parent holds it when controlled', async () => {
    const onChange = vi.fn();
    render(<Slider label="Price" value={10} onChange={onChange} />);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith(11);
    expect(screen.getByRole('slider')).toHaveValue('10');
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

  describe('ends a change once the user lets go', () => {
    afterEach(() => vi.useRealTimers());

    /** Key presses as a keyboard user makes them, on the focused thumb. */
    const press = (key: string) =>
      act(() => {
        const thumb = document.activeElement!;
        fireEvent.keyDown(thumb, { key });
        fireEvent.keyUp(thumb, { key });
      });

    it('once per pause of the key presses, with the last value', () => {
      vi.useFakeTimers();
      const onChangeEnd = vi.fn();
      render(<Controlled initial={10} onChangeEnd={onChangeEnd} />);
      act(() => screen.getByRole('slider').focus());
      for (let n = 0; n < 5; n += 1) press('ArrowRight');
      expect(screen.getByRole('slider')).toHaveValue('15');
      expect(onChangeEnd).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(SLIDER_KEYBOARD_END_DELAY_MS));
      expect(onChangeEnd).toHaveBeenCalledTimes(1);
      expect(onChangeEnd).toHaveBeenLastCalledWith(15);

      press('ArrowLeft');
      act(() => vi.advanceTimersByTime(SLIDER_KEYBOARD_END_DELAY_MS));
      expect(onChangeEnd).toHaveBeenCalledTimes(2);
      expect(onChangeEnd).toHaveBeenLastCalledWith(14);
    });

    it('at once when focus leaves the slider, and not again after the pause', () => {
      vi.useFakeTimers();
      const onChangeEnd = vi.fn();
      render(
        <>
          <Controlled initial={[20, 30] as const} onChangeEnd={onChangeEnd} step={10} />
          <button type="button">Next</button>
        </>,
      );
      const [low, high] = screen.getAllByRole('slider');
      act(() => low!.focus());
      press('ArrowRight');
      // To the other thumb: still the same change.
      act(() => high!.focus());
      press('ArrowRight');
      expect(onChangeEnd).not.toHaveBeenCalled();
      act(() => screen.getByRole('button', { name: 'Next' }).focus());
      expect(onChangeEnd).toHaveBeenCalledTimes(1);
      expect(onChangeEnd).toHaveBeenLastCalledWith([30, 40]);
      act(() => vi.advanceTimersByTime(SLIDER_KEYBOARD_END_DELAY_MS));
      expect(onChangeEnd).toHaveBeenCalledTimes(1);
    });

    it('at once on pointer release', () => {
      const onChangeEnd = vi.fn();
      const { container } = render(<Controlled initial={10} onChangeEnd={onChangeEnd} />);
      const thumb = container.querySelector('.gk-slider__thumb')!;
      fireEvent.pointerDown(thumb, { pointerId: 1, pointerType: 'mouse', clientX: 0 });
      fireEvent.pointerUp(thumb, { pointerId: 1, pointerType: 'mouse', clientX: 0 });
      expect(onChangeEnd).toHaveBeenCalledTimes(1);
    });
  });
});
