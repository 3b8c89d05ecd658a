import { describe, expect, it } from 'vitest';
import { resultWordMisread } from './ocr-repair';

describe('resultWordMisread', () => {
  it('names the result word a clipped, padded or speckled word was read from', () => {
    expect(resultWordMisread('Ni')).toBe('nil');
    expect(resultWordMisread('Nill')).toBe('nil');
    expect(resultWordMisread('Negatve')).toBe('negative');
    expect(resultWordMisread('I Nil')).toBe('nil');
    expect(resultWordMisread('Trace l')).toBe('trace');
  });

  it('leaves result words, numbers and other answers alone', () => {
    for (const word of ['Nil', 'Pale Yellow', 'Non Reactive', '0-1', '6.5', 'Granular', 'O', 'AB', 'Seen'])
      expect(resultWordMisread(word)).toBeNull();
  });
});
