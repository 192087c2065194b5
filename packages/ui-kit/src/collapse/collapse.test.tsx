import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { COLLAPSE_DURATION, Collapse } from './collapse';

describe('Collapse', () => {
  it('toggles its region with the heading button, animating for 200 ms', async () => {
    const onOpenChange = vi.fn();
    const { container } = render(
      <Collapse title="What to bring" onOpenChange={onOpenChange}>
        Riding boots and a hat.
      </Collapse>,
    );
    const button = screen.getByRole('button', { name: 'What to bring' });
    expect(button.closest('h3')).not.toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(button.getAttribute('aria-controls')!);
    expect(panel).toHaveAttribute('aria-hidden', 'true');
    expect(COLLAPSE_DURATION).toBe(200);
    expect(
      container
        .querySelector<HTMLElement>('.gk-collapse')
        ?.style.getPropertyValue('--gk-collapse-duration'),
    ).toBe('200ms');

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'What to bring' })).toHaveTextContent(
      'Riding boots and a hat.',
    );
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('follows a controlled isOpen', () => {
    const { rerender } = render(
      <Collapse title="FAQ" isOpen>
        Answer
      </Collapse>,
    );
    expect(screen.getByRole('button', { name: 'FAQ' })).toHaveAttribute('aria-expanded', 'true');
    rerender(
      <Collapse title="FAQ" isOpen={false}>
        Answer
      </Collapse>,
    );
    expect(screen.getByRole('button', { name: 'FAQ' })).toHaveAttribute('aria-expanded', 'false');
  });
});
