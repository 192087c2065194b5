import { bench, describe } from 'vitest';
import { formatPrice } from './format';

// Why formatPrice keeps one Intl.NumberFormat per currency: a search page formats hundreds of
// prices per render. Compare with building the formatter on every call.
const amounts = Array.from({ length: 500 }, (_, i) => 250 + i * 37.5);

describe('format 500 prices', () => {
  bench('formatPrice (cached formatter per currency)', () => {
    for (const amount of amounts) formatPrice(amount, 'EUR');
  });

  bench('new Intl.NumberFormat per call', () => {
    for (const amount of amounts) {
      new Intl.NumberFormat('en-GB', {
        style: 'currency',
        currency: 'EUR',
        maximumFractionDigits: 0,
      }).format(amount);
    }
  });
});
