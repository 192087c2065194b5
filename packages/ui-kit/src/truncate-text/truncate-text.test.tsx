import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRUNCATE_TEXT_HEIGHT, TRUNCATE_TEXT_THRESHOLD, TruncateText } from './truncate-text';

function withContentHeight(px: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(px);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('TruncateText', () => {
  it('shows text up to 120 + 24 px whole, without a button', () => {
    withContentHeight(TRUNCATE_TEXT_HEIGHT + TRUNCATE_TEXT_THRESHOLD);
    render(<TruncateText>Short text</TruncateText>);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('cuts longer text to 120 px, with Read more / Hide', async () => {
    withContentHeight(400);
    render(<TruncateText>Long text</TruncateText>);
    const button = screen.getByRole('button', { name: 'Read more' });
    const content = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(content.style.maxHeight).toBe('120px');
    expect(content.style.getPropertyValue('--gk-truncate-duration')).toBe('300ms');
    await userEvent.click(button);
    expect(screen.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
    expect(content.style.maxHeight).toBe('400px');
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(content.style.maxHeight).toBe('120px');
  });

  it('takes labels for the truncate.* keys', () => {
    withContentHeight(400);
    render(<TruncateText showLabel="Mehr lesen">Text</TruncateText>);
    expect(screen.getByRole('button', { name: 'Mehr lesen' })).toBeInTheDocument();
  });
});
