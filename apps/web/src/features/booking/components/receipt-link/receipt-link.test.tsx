import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReceiptLink } from './receipt-link';

const UUID = '3f0c8a5e-9d1b-4c2e-8f7a-1b2c3d4e5f60';

describe('ReceiptLink', () => {
  it('downloads the receipt from the API through the web origin', () => {
    render(<ReceiptLink uuid={UUID} paid />);
    const link = screen.getByRole('link', { name: 'Download receipt (PDF)' });
    expect(link).toHaveAttribute('href', `/crm/api/request/receipt?uuid=${UUID}`);
    expect(link).toHaveAttribute('download');
  });

  it('offers a booking summary while nothing is paid', () => {
    render(<ReceiptLink uuid={UUID} paid={false} />);
    expect(screen.getByRole('link', { name: 'Download booking summary (PDF)' })).toHaveAttribute(
      'href',
      `/crm/api/request/receipt?uuid=${UUID}`,
    );
  });
});
