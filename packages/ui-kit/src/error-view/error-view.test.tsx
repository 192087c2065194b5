import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorView, errorViewTexts } from './error-view';

describe('ErrorView', () => {
  it("404: 'Page not found...' and 'Back home' to /", () => {
    render(<ErrorView status={404} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found...');
    expect(screen.getByRole('link', { name: 'Back home' })).toHaveAttribute('href', '/');
  });

  it('403: the permission text', () => {
    render(<ErrorView status={403} />);
    expect(screen.getByRole('heading')).toHaveTextContent('Error 403');
    expect(
      screen.getByText('Sorry, you do not have permission to access this page.'),
    ).toBeInTheDocument();
  });

  it('503: advice and the contact buttons', () => {
    render(
      <ErrorView
        status={503}
        contacts={[
          { label: 'Call +1 555 0100', href: 'tel:+15550100' },
          { label: 'Email support', href: 'mailto:help@gallop.example' },
          { label: 'WhatsApp', href: 'https://wa.me/15550100' },
        ]}
      />,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('An error occurred');
    expect(screen.getByText(/refresh the page or contact/)).toBeInTheDocument();
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      'tel:+15550100',
      'mailto:help@gallop.example',
      'https://wa.me/15550100',
    ]);
  });

  it('410 and any other status', () => {
    expect(errorViewTexts(410).title).toBe(
      'This page is no longer available because the tour dates have passed',
    );
    expect(errorViewTexts(500).title).toBe('Internal Error');
    expect(errorViewTexts(418).title).toBe('Internal Error');
    render(<ErrorView status={500} texts={{ description: 'Please try again later' }} />);
    expect(screen.getByRole('heading')).toHaveTextContent('Internal Error');
    expect(screen.getByText('Please try again later')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
