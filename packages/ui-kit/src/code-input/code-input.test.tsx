import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CODE_INPUT_LENGTH, CodeInput } from './code-input';

const boxes = () => screen.getAllByRole('textbox');
const codeOf = () =>
  boxes()
    .map((box) => (box as HTMLInputElement).value)
    .join('');

describe('CodeInput', () => {
  it('has 5 boxes by default', () => {
    render(<CodeInput label="Code" />);
    expect(CODE_INPUT_LENGTH).toBe(5);
    expect(boxes()).toHaveLength(5);
    expect(screen.getByRole('group', { name: 'Code' })).toBeInTheDocument();
  });

  it('takes digits only, moves forward, and emits complete once when full', async () => {
    const onComplete = vi.fn();
    render(<CodeInput label="Code" onComplete={onComplete} />);
    await userEvent.click(boxes()[0]!);
    await userEvent.keyboard('1a2-3 4');
    expect(codeOf()).toBe('1234');
    expect(onComplete).not.toHaveBeenCalled();
    await userEvent.keyboard('5');
    expect(codeOf()).toBe('12345');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('12345');
  });

  it('accepts a paste of exactly 5 digits', async () => {
    const onComplete = vi.fn();
    render(<CodeInput label="Code" onComplete={onComplete} />);
    await userEvent.click(boxes()[0]!);
    await userEvent.paste('54321');
    expect(codeOf()).toBe('54321');
    expect(onComplete).toHaveBeenCalledWith('54321');
  });

  it('ignores a paste of the wrong length or with other characters', async () => {
    const onChange = vi.fn();
    render(<CodeInput label="Code" onChange={onChange} />);
    await userEvent.click(boxes()[0]!);
    for (const text of ['1234', '123456', '12a45', '12 345']) await userEvent.paste(text);
    expect(codeOf()).toBe('');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('Backspace deletes the previous digit; arrows move between boxes', async () => {
    render(<CodeInput label="Code" />);
    await userEvent.click(boxes()[0]!);
    await userEvent.keyboard('123');
    await userEvent.keyboard('{Backspace}');
    expect(codeOf()).toBe('12');
    expect(boxes()[2]).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(boxes()[0]).toHaveFocus();
  });

  it('honours another length and a controlled value', async () => {
    const onChange = vi.fn();
    render(<CodeInput label="Code" length={4} value="12" onChange={onChange} />);
    expect(boxes()).toHaveLength(4);
    expect(codeOf()).toBe('12');
    await userEvent.click(boxes()[2]!);
    await userEvent.keyboard('7');
    expect(onChange).toHaveBeenCalledWith('127');
  });
});
