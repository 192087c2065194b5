import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CONFIRM_MODAL_WIDTH, ConfirmModal } from './confirm-modal';

describe('ConfirmModal', () => {
  it('is 420 px wide and offers Confirm and Cancel', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmModal isOpen title="Cancel the request?" onConfirm={onConfirm} onCancel={onCancel}>
        The organizer will be told.
      </ConfirmModal>,
    );
    expect(CONFIRM_MODAL_WIDTH).toBe(420);
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel the request?' });
    expect(dialog).toHaveTextContent('The organizer will be told.');
    expect(
      document
        .querySelector<HTMLElement>('.gk-modal-overlay')
        ?.style.getPropertyValue('--gk-modal-width'),
    ).toBe('420px');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('moves focus to Confirm and treats Escape as Cancel', async () => {
    const onCancel = vi.fn();
    render(<ConfirmModal isOpen title="Sure?" onConfirm={() => {}} onCancel={onCancel} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Confirm' }));
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('opens a destructive one on Cancel, so an Enter at once loses nothing', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmModal
        isOpen
        destructive
        title="Cancel booking?"
        confirmLabel="Cancel booking"
        cancelLabel="Keep it"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep it' }));
    await userEvent.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('blocks both buttons while the action runs', () => {
    render(<ConfirmModal isOpen loading title="Sure?" onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('returns focus to the trigger when it closes', async () => {
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Remove
          </button>
          <ConfirmModal
            isOpen={open}
            title="Remove it?"
            onConfirm={() => setOpen(false)}
            onCancel={() => setOpen(false)}
          />
        </>
      );
    }
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: 'Remove' });
    await userEvent.click(trigger);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Confirm' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });
});
