import { describe, expect, it } from 'vitest';
import { findingKey, isNoResult, isNormalFinding } from './findings';

describe('qualitative findings as knowledge (decision 194)', () => {
  it('knows normal findings however they are written', () => {
    for (const w of [
      'Adequate On Smear',
      'Normocytic, Normochromic',
      'Normocytic Normochromic',
      '____ Not Seen',
      'NOT SEEN',
      'Non-Reactive',
      'Nil',
      'G1',
      'No malarial parasite seen',
      'Absent.',
      '-ve',
    ])
      expect(isNormalFinding(w), w).toBe(true);
  });

  it('takes an OCR slip of a long normal word for the word, not of a short one', () => {
    expect(isNormalFinding('Nagative')).toBe(true);
    expect(isNormalFinding('Adequete')).toBe(true);
    expect(isNormalFinding('Normocytlc normochromic')).toBe(true);
    expect(isNormalFinding('Nill')).toBe(false); // too short to call a slip
  });

  it('never calls a finding normal', () => {
    for (const w of [
      'Positive',
      'Reactive',
      'Trace',
      'Seen',
      'Microcytic, Hypochromic',
      'Present',
      'Normocytic hypochromic',
      'G3a',
      'Plenty',
    ])
      expect(isNormalFinding(w), w).toBe(false);
  });

  it('knows a blank from a result', () => {
    for (const w of ['____', '—', '--', 'N.R.', 'NR', 'N/A', 'Not done', ' . '])
      expect(isNoResult(w), w).toBe(true);
    for (const w of ['Nil', '0', 'Not seen', '1+']) expect(isNoResult(w), w).toBe(false);
  });

  it('compares findings without punctuation, blanks or fillers', () => {
    expect(findingKey('Adequate on peripheral smear.')).toBe('adequate');
    expect(findingKey('(Normocytic, Normochromic)')).toBe('normocytic normochromic');
  });
});
