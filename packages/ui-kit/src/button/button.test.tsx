import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { buttonClassName } from './button-class';

describe('Button', () => {
  it('uses the negative theme by default and is a plain button', () => {
    render(<Button>Show more</Button>);
    const button = screen.getByRole('button', { name: 'Show more' });
    expect(button).toHaveClass('gk-button--negative');
    expect(button).toHaveAttribute('type', 'button');
  });

  it('calls onClick when pressed', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Apply</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('blocks clicks and announces itself busy while loading', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Book now
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Book now' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('puts its label on the text edge it is flush with', () => {
    render(
      <Button theme="ghost" size="sm" flush="start">
        Cancel booking
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toHaveClass(
      'gk-button--ghost',
      'gk-button--sm',
      'gk-button--flush-start',
    );
  });
});

describe('buttonClassName', () => {
  it("gives another element the Button's look, with the Button's defaults", () => {
    expect(buttonClassName()).toBe('gk-button gk-button--negative gk-button--md');
    expect(buttonClassName({ theme: 'ghost', size: 'lg', block: true, flush: 'end' })).toBe(
      'gk-button gk-button--ghost gk-button--lg gk-button--block gk-button--flush-end',
    );
  });
});
