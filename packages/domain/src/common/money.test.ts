import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, formatMoney, ordinal } from './money';

describe('money in integer cents with its currency', () => {
  it('writes cents as the spec amounts and reads them back exactly', () => {
    expect(centsToAmount(123_450)).toBe('1234.50');
    expect(centsToAmount(-5)).toBe('-0.05');
    expect(centsToAmount(10_000_000_000_000_001n)).toBe('100000000000000.01');
    for (const cents of [0, 5, 99, 100, 123_450, -250_050])
      expect(amountToCents(centsToAmount(cents))).toBe(cents);
    expect(amountToCents('12.5')).toBe(1250);
    expect(amountToCents('12.345')).toBeNaN();
  });

  it('formats with two decimals, or whole headline prizes, or with the code in prose', () => {
    expect(formatMoney(500_000, 'USD')).toBe('$5,000.00');
    expect(formatMoney(250_050, 'USD')).toBe('$2,500.50');
    expect(formatMoney(-1_000, 'USD')).toBe('-$10.00');
    expect(formatMoney(500_000, 'EUR')).toBe('€5,000.00');
    expect(formatMoney(500_000, 'USD', { wholeUnits: true })).toBe('$5,000');
    expect(formatMoney(250_050, 'USD', { wholeUnits: true })).toBe('$2,500.50');
    expect(formatMoney(250_000, 'EUR', { wholeUnits: true })).toBe('€2,500');
    expect(formatMoney(500_000, 'USD', { wholeUnits: true, code: true })).toBe('5,000 USD');
    expect(formatMoney(123_456_700, 'EUR', { wholeUnits: true, code: true })).toBe('1,234,567 EUR');
    expect(formatMoney(-2_500_000, 'USD', { wholeUnits: true, code: true })).toBe('-25,000 USD');
    expect(formatMoney(150_050, 'USD', { wholeUnits: true, code: true })).toBe('1,500.50 USD');
    expect(formatMoney(150_050, 'XYZW')).toBe('1500.50 XYZW');
  });

  it('writes places as ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
  });
});
