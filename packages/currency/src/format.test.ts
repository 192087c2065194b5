import { describe, expect, it } from 'vitest';
import { formatPrice } from './format';

// Intl separates groups in ru-RU with a (narrow) no-break space.
const plainSpaces = (text: string) => text.replace(/\s/g, ' ');

describe('formatPrice', () => {
  it('shows no decimals and rounds', () => {
    expect(formatPrice(1234.56, 'EUR')).toBe('€1,235');
    expect(formatPrice(1234.4, 'USD')).toBe('US$1,234');
    expect(formatPrice(0, 'GBP')).toBe('£0');
  });

  it('uses the Russian number format for RUB, BYN and KZT', () => {
    expect(plainSpaces(formatPrice(150000, 'RUB'))).toBe('150 000 ₽');
    expect(plainSpaces(formatPrice(1500, 'BYN'))).toBe('1 500 BYN');
    expect(plainSpaces(formatPrice(1000000, 'KZT'))).toBe('1 000 000 KZT');
  });

  it('uses the English (GB) format for the others', () => {
    expect(formatPrice(20000, 'CNY')).toBe('CN¥20,000');
    expect(plainSpaces(formatPrice(1500, 'CHF'))).toBe('CHF 1,500');
    expect(formatPrice(1500000, 'JPY')).toBe('JP¥1,500,000');
  });
});
