import { describe, expect, it } from 'vitest';
import { printedDecimals, toPrintedPrecision } from './printed-precision';

describe('converted values at the precision printed (decision 196)', () => {
  it('counts the decimals of a printed number', () => {
    expect([5.4, 97, 0.08, 1.25, 150000].map(printedDecimals)).toEqual([1, 0, 2, 2, 0]);
  });

  it('rounds a converted value to the decimals the conversion leaves, and keeps an unconverted one', () => {
    expect(toPrintedPrecision(5.4 * 18.016, 5.4)).toBe(97); // not 97.29
    expect(toPrintedPrecision(7 * 18.016, 7)).toBe(126);
    expect(toPrintedPrecision(97 / 18.016, 97)).toBe(5.4);
    expect(toPrintedPrecision(1.9 * 100000, 1.9)).toBe(190000);
    expect(toPrintedPrecision(1.25 * 10, 1.25)).toBe(12.5); // a tenfold factor moves the decimals with it
    expect(toPrintedPrecision(11.2, 11.2)).toBe(11.2);
  });
});
