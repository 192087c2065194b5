import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { COOKIE_ALERT_DAYS, CookieAlert } from './cookie-alert';

const space = () => document.documentElement.style.getPropertyValue('--gk-cookie-alert-space');

/** The alert as a page holds it: gone once dismissed. */
function Page({ onDismiss, children }: { onDismiss: () => void; children?: React.ReactNode }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      {children}
      <CookieAlert
        isOpen={open}
        onDismiss={() => {
          onDismiss();
          setOpen(false);
        }}
      />
    </>
  );
}

describe('CookieAlert', () => {
  it("dismisses with 'Ok, don't show again'", async () => {
    const onDismiss = vi.fn();
    render(<CookieAlert isOpen onDismiss={onDismiss} />);
    expect(screen.getByRole('region', { name: 'Cookie notice' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: "Ok, don't show again" }));
    expect(onDismiss).toHaveBeenCalledOnce();
    expect(COOKIE_ALERT_DAYS).toBe(180);
  });

  it('renders nothing once dismissed', () => {
    render(<CookieAlert isOpen={false} onDismiss={() => {}} />);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('dismisses with Escape wherever the focus is, as its button does', async () => {
    const onDismiss = vi.fn();
    render(
      <Page onDismiss={onDismiss}>
        <input aria-label="E-mail" />
      </Page>,
    );
    await userEvent.click(screen.getByRole('textbox', { name: 'E-mail' }));
    await userEvent.keyboard('{Escape}');
    expect(onDismiss).toHaveBeenCalledOnce();
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeNull();
    // Gone: a second Escape is nobody's business.
    await userEvent.keyboard('{Escape}');
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('leaves Escape to a widget that took it and to an open dialog', async () => {
    const onDismiss = vi.fn();
    render(
      <Page onDismiss={onDismiss}>
        <input aria-label="City" onKeyDown={(event) => event.preventDefault()} />
        <div role="dialog" aria-modal="true" aria-label="Filters">
          <button type="button">Apply</button>
        </div>
      </Page>,
    );
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'City' }), { key: 'Escape' });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await userEvent.keyboard('{Escape}');
    expect(onDismiss).not.toHaveBeenCalled();
    expect(screen.getByRole('region', { name: 'Cookie notice' })).toBeInTheDocument();
  });

  it('publishes the room it takes at the bottom while it shows', async () => {
    render(<Page onDismiss={() => {}} />);
    // happy-dom lays nothing out: the value is a length; a browser measures it (e2e).
    expect(space()).toMatch(/^\d+px$/);
    await userEvent.keyboard('{Escape}');
    expect(space()).toBe('');
  });
});
