import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it.each([
    ['nothing-found', 'Nothing found', undefined],
    ['no-data', 'No data to show', undefined],
    ['search', 'Nothing found based on your search', 'Try searching by code'],
  ] as const)('%s shows the spec text', (variant, title, hint) => {
    render(<EmptyState variant={variant} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(title);
    if (hint) expect(status).toHaveTextContent(hint);
  });

  it('takes a custom title, description and action', () => {
    render(
      <EmptyState
        title="No favourites yet"
        description="Tap the heart on a tour."
        action={<a href="/search">Find tours</a>}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'No favourites yetTap the heart on a tour.',
    );
    expect(screen.getByRole('link', { name: 'Find tours' })).toBeInTheDocument();
  });
});
