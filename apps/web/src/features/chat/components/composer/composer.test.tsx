import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Composer, isImageFile } from './composer';

describe('Composer', () => {
  it('sends on Enter, keeps a new line on Shift+Enter and clears after sending', () => {
    const onSend = vi.fn(() => true);
    render(<Composer onSend={onSend} onAttach={vi.fn()} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('Hello');
    expect(box).toHaveProperty('value', '');
  });

  it('keeps the text when it could not be queued and ignores blank messages', () => {
    const onSend = vi.fn(() => false);
    render(<Composer onSend={onSend} onAttach={vi.fn()} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'Hi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith('Hi');
    expect(box).toHaveProperty('value', 'Hi');
  });

  it('is closed for a frozen chat', () => {
    render(<Composer onSend={vi.fn()} onAttach={vi.fn()} disabledReason="Closed." />);
    expect(screen.getByText('Closed.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Attach a photo' })).toHaveProperty('disabled', true);
  });

  it('accepts only image files', () => {
    expect(isImageFile({ type: 'image/png' })).toBe(true);
    expect(isImageFile({ type: 'application/pdf' })).toBe(false);
  });
});
