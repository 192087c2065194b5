import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MODAL_FLASH_DURATION, MODAL_TRANSITION, Modal } from './modal';
import { MODAL_WIDTH, ModalWidthProvider } from './modal-width';

afterEach(() => {
  vi.useRealTimers();
});

describe('Modal', () => {
  it('is a labelled dialog, 500 px wide by default, with a 300 ms transition', () => {
    render(
      <Modal isOpen onClose={() => {}} title="Trip details">
        Seven days in the Altai.
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Trip details' });
    expect(dialog).toHaveTextContent('Seven days in the Altai.');
    expect(MODAL_WIDTH).toBe(500);
    expect(MODAL_TRANSITION).toBe(300);
    const overlay = document.querySelector<HTMLElement>('.gk-modal-overlay');
    expect(overlay?.style.getPropertyValue('--gk-modal-width')).toBe('500px');
    expect(overlay?.style.getPropertyValue('--gk-modal-transition')).toBe('300ms');
  });

  it("takes the site's default width from ModalWidthProvider; its own width still wins", () => {
    render(
      <ModalWidthProvider width={489}>
        <Modal isOpen onClose={() => {}} title="Site default" />
      </ModalWidthProvider>,
    );
    const overlay = document.querySelector<HTMLElement>('.gk-modal-overlay');
    expect(overlay?.style.getPropertyValue('--gk-modal-width')).toBe('489px');
  });

  it('keeps a width given to the modal inside a ModalWidthProvider', () => {
    render(
      <ModalWidthProvider width={489}>
        <Modal isOpen onClose={() => {}} title="Confirm" width={420} />
      </ModalWidthProvider>,
    );
    const overlay = document.querySelector<HTMLElement>('.gk-modal-overlay');
    expect(overlay?.style.getPropertyValue('--gk-modal-width')).toBe('420px');
  });

  it('closes on Escape and on the close button', async () => {
    const onClose = vi.fn();
    render(<Modal isOpen onClose={onClose} title="Trip" />);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('closes on an overlay click', async () => {
    const onClose = vi.fn();
    render(<Modal isOpen onClose={onClose} title="Trip" />);
    await userEvent.click(document.querySelector('.gk-modal-overlay')!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('persistent: an overlay click only flashes; Escape still closes', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<Modal isOpen persistent onClose={onClose} title="Payment in progress" />);
    const overlay = document.querySelector('.gk-modal-overlay')!;
    fireEvent.pointerDown(overlay, { button: 0, pointerId: 1 });
    fireEvent.pointerUp(overlay, { button: 0, pointerId: 1 });
    expect(onClose).not.toHaveBeenCalled();
    expect(document.querySelector('.gk-modal')).toHaveClass('gk-modal--flash');
    act(() => {
      vi.advanceTimersByTime(MODAL_FLASH_DURATION);
    });
    expect(document.querySelector('.gk-modal')).not.toHaveClass('gk-modal--flash');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open when controlled until its parent closes it', async () => {
    const onClose = vi.fn();
    render(<Modal isOpen onClose={onClose} title="Trip" />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Trip' })).toBeInTheDocument();
  });

  it('opens from defaultOpen and closes itself when uncontrolled', async () => {
    const onClose = vi.fn();
    render(<Modal defaultOpen onClose={onClose} title="News" />);
    expect(screen.getByRole('dialog', { name: 'News' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays closed without isOpen or defaultOpen', () => {
    render(<Modal title="Trip" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('renders nothing when closed', () => {
    render(<Modal isOpen={false} onClose={() => {}} title="Trip" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
