import { describe, expect, it } from 'vitest';
import { numbersIn, parseNumber, readLookalikeDigits } from './numbers';

describe('parseNumber', () => {
  it('reads Indian and western digit grouping', () => {
    expect(parseNumber('1,50,000')).toEqual({ value: 150000, qualifier: null });
    expect(parseNumber('150,000')?.value).toBe(150000);
    expect(parseNumber('12,000')?.value).toBe(12000);
    expect(parseNumber('10,00,000')?.value).toBe(1000000);
  });

  it('reads decimals and censored values', () => {
    expect(parseNumber('4.70')?.value).toBe(4.7);
    expect(parseNumber('.5')?.value).toBe(0.5);
    expect(parseNumber('<0.01')).toEqual({ value: 0.01, qualifier: '<' });
    expect(parseNumber('>2000')).toEqual({ value: 2000, qualifier: '>' });
    expect(parseNumber('<= 40')).toEqual({ value: 40, qualifier: '<' });
  });

  it('refuses what is not a number', () => {
    expect(parseNumber('4,5')).toBeNull();
    expect(parseNumber('1,5000')).toBeNull();
    expect(parseNumber('13.0-17.0')).toBeNull();
    expect(parseNumber('Nil')).toBeNull();
    expect(parseNumber('')).toBeNull();
  });

  it('finds every number in a text', () => {
    expect(numbersIn('Hb 11.1 g/dL, range 13.5 to 18.0; platelets 1,50,000')).toEqual([
      11.1, 13.5, 18, 150000,
    ]);
  });
});

describe('readLookalikeDigits: letters OCR reads for digits', () => {
  it('reads O/0, S/5, B/8, l/1 back and drops a separator glued before the value', () => {
    expect(readLookalikeDigits('l3.S')).toBe(13.5);
    expect(readLookalikeDigits('1O2')).toBe(102);
    expect(readLookalikeDigits('B.4')).toBe(8.4);
    expect(readLookalikeDigits(':6.7')).toBe(6.7);
    expect(readLookalikeDigits('|44')).toBe(44);
  });

  it('never turns a word into a number', () => {
    expect(readLookalikeDigits('Nil')).toBeNull();
    expect(readLookalikeDigits('SOS')).toBeNull();
    expect(readLookalikeDigits('BOSS1')).toBeNull();
    expect(readLookalikeDigits('Low')).toBeNull();
  });
});
