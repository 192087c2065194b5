import { describe, expect, it } from 'vitest';
import { fromProviderAmount, minorUnitDigits, toProviderAmount } from './provider-amounts.ts';
import { providerPayment } from './provider.ts';

describe('amounts at the provider’s edge', () => {
  it('knows the ISO 4217 exponent of every currency Gallop sells in', () => {
    for (const code of ['JPY', 'KRW']) expect(minorUnitDigits(code)).toBe(0);
    for (const code of ['USD', 'EUR', 'GBP', 'CHF', 'CNY', 'INR', 'TRY', 'AED', 'RUB', 'BYN']) {
      expect(minorUnitDigits(code)).toBe(2);
    }
    expect(minorUnitDigits('KWD')).toBe(3);
    expect(minorUnitDigits('jpy')).toBe(0);
  });

  it('sends whole yen and won, cents of a euro, thousandths of a dinar', () => {
    // The walker's case: a ¥216,652 prepayment, kept by Gallop as 21665200 hundredths.
    expect(toProviderAmount(21_665_200, 'JPY')).toBe(216_652);
    expect(toProviderAmount(1_500_000_00, 'KRW')).toBe(1_500_000);
    expect(toProviderAmount(485_50, 'EUR')).toBe(48_550);
    expect(toProviderAmount(12_00, 'KWD')).toBe(12_000);
    expect(toProviderAmount(0, 'JPY')).toBe(0);
  });

  it('reads the provider’s amounts back into Gallop’s hundredths', () => {
    expect(fromProviderAmount(216_652, 'JPY')).toBe(21_665_200);
    expect(fromProviderAmount(48_550, 'EUR')).toBe(48_550);
    expect(fromProviderAmount(12_000, 'KWD')).toBe(12_00);
  });

  it('refuses a fraction of a yen rather than send a rounded sum', () => {
    expect(() => toProviderAmount(21_665_250, 'JPY')).toThrow(RangeError);
  });

  it('opens a payment at the provider in minor units', () => {
    expect(
      providerPayment({ providerPaymentId: 'sbx_1', amount: 21_665_200, currency: 'JPY' }),
    ).toEqual({ providerPaymentId: 'sbx_1', amount: 216_652, currency: 'JPY' });
    expect(
      providerPayment({ providerPaymentId: 'sbx_2', amount: 697_50, currency: 'USD' }),
    ).toEqual({ providerPaymentId: 'sbx_2', amount: 697_50, currency: 'USD' });
  });
});
