import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { COOKIE_ALERT_DAYS, CookieAlert } from './cookie-alert';

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
});
