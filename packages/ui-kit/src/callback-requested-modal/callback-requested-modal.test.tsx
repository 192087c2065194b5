import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CALLBACK_MODAL_WIDTH,
  CallbackRequestedModal,
  callbackRequestedText,
} from './callback-requested-modal';

describe('CallbackRequestedModal', () => {
  it("is titled 'Callback requested' and 480 px wide", () => {
    render(<CallbackRequestedModal isOpen onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Callback requested' })).toBeInTheDocument();
    expect(CALLBACK_MODAL_WIDTH).toBe(480);
  });

  it('shows the phone variant', () => {
    render(<CallbackRequestedModal isOpen onClose={() => {}} phone="+44 20 7946 0958" />);
    expect(screen.getByRole('dialog')).toHaveTextContent('+44 20 7946 0958');
  });

  it('shows a custom text before the phone', () => {
    render(
      <CallbackRequestedModal isOpen onClose={() => {}} phone="+1 555" text="See you soon!" />,
    );
    expect(screen.getByRole('dialog')).toHaveTextContent('See you soon!');
    expect(screen.getByRole('dialog')).not.toHaveTextContent('+1 555');
  });

  it("falls back to 'Callback request successful!'", () => {
    expect(callbackRequestedText({})).toBe('Callback request successful!');
    expect(callbackRequestedText({ text: '' })).toBe('Callback request successful!');
  });
});
