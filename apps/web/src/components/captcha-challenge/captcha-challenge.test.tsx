import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { showCaptcha } from './show-captcha';

// The real widget solves in web workers; here the test says when it has solved.
vi.mock('altcha', () => ({}));

const dialog = () => screen.findByRole('dialog', { name: 'Confirm you are not a robot' });

async function widgetIn(element: HTMLElement) {
  let found: Element | null = null;
  await waitFor(() => {
    found = element.querySelector('altcha-widget');
    expect(found).not.toBeNull();
  });
  return found as unknown as HTMLElement;
}

const solve = (widget: HTMLElement, payload: string) =>
  act(() => {
    widget.dispatchEvent(new CustomEvent('verified', { detail: { payload } }));
  });

describe('showCaptcha', () => {
  it('shows the widget with a challenge of the asked level and resolves to its solution', async () => {
    const solution = showCaptcha('hard_captcha');
    const shown = await dialog();
    const widget = await widgetIn(shown);
    expect(widget.getAttribute('challenge')).toBe('/node-api/captcha/challenge?level=hard_captcha');
    expect(widget.getAttribute('auto')).toBe('off');

    await solve(widget, 'payload-1');
    await expect(solution).resolves.toBe('payload-1');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('solves calls refused together one after another, the later ones without a click', async () => {
    const first = showCaptcha('captcha');
    const second = showCaptcha('captcha');
    const widget = await widgetIn(await dialog());
    await solve(widget, 'payload-a');
    await expect(first).resolves.toBe('payload-a');

    const next = await widgetIn(await dialog());
    expect(next).not.toBe(widget);
    expect(next.getAttribute('auto')).toBe('onload');
    await solve(next, 'payload-b');
    await expect(second).resolves.toBe('payload-b');
  });

  it('resolves every waiting call to null when the visitor cancels', async () => {
    const user = userEvent.setup();
    const calls = [showCaptcha('captcha'), showCaptcha('hard_captcha')];
    await user.click(within(await dialog()).getByRole('button', { name: 'Cancel' }));
    expect(await Promise.all(calls)).toEqual([null, null]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
