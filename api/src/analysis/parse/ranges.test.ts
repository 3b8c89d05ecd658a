import { describe, expect, it } from 'vitest';
import { parseBand, parseRange } from './ranges';

describe('parseBand', () => {
  it.each([
    ['13.0 - 17.0', 13, 17],
    ['13-17', 13, 17],
    ['13 to 17', 13, 17],
    ['< 200', null, 200],
    ['Less than 200', null, 200],
    ['> 40', 40, null],
    ['More than 90', 90, null],
    ['Upto 1.2', null, 1.2],
    ['Up to 0.30', null, 0.3],
    ['>= 60', 60, null],
    ['<= 40', null, 40],
    ['1,50,000-4,10,000', 150000, 410000],
  ])('%s', (text, low, high) => {
    expect(parseBand(text)).toEqual({ low, high });
  });

  it('does not take a bare number for a range', () => {
    expect(parseBand('42')).toBeNull();
  });
});

describe('parseRange', () => {
  it('picks the patient sex from a two-line range', () => {
    const text = 'Male : 13.5 to 18.0\nFemale : 11.5 to 16.4';
    expect(parseRange(text, 'male')).toMatchObject({ low: 13.5, high: 18 });
    expect(parseRange(text, 'female')).toMatchObject({ low: 11.5, high: 16.4 });
    // Unknown sex: the union, so neither sex is flagged wrongly.
    expect(parseRange(text, null)).toMatchObject({ low: 11.5, high: 18 });
  });

  it('reads M:/F: on one line and one-sided sex ranges', () => {
    expect(parseRange('M: 0.70-1.30 / F: 0.60-1.10', 'female')).toMatchObject({ low: 0.6, high: 1.1 });
    expect(parseRange('Male : More than 40.0\nFemale : More than 50.0', 'female')).toMatchObject({
      low: 50,
      high: null,
    });
  });

  it('takes the desirable / normal tier of a multi-tier range', () => {
    expect(parseRange('Desirable: < 200 / Borderline High: 200 - 239 / High: >= 240', null)).toMatchObject({
      low: null,
      high: 200,
      tiered: true,
    });
    expect(
      parseRange('Normal: 70 - 100\nImpaired Fasting Glucose: 101 - 125\nDiabetes: >=126', null),
    ).toMatchObject({
      low: 70,
      high: 100,
    });
    expect(
      parseRange(
        'Deficient: <10, Insufficient: 10 - 30\nSufficient: 30 - 100, Potential intoxication: >100',
        null,
      ),
    ).toMatchObject({ low: 30, high: 100 });
    expect(
      parseRange(
        'Optimal: Less than 100, Near\nOptimal: 100-129\nBorderline High: 130-159, High:\n160-189',
        null,
      ),
    ).toMatchObject({ low: null, high: 100 });
    expect(parseRange('Non-diabetic: < 5.7\nPre-diabetic: 5.7 - 6.4\nDiabetic: >= 6.5', null)).toMatchObject({
      high: 5.7,
    });
  });

  it('strips brackets and recognises qualitative references', () => {
    expect(parseRange('(125 - 200)', null)).toMatchObject({ low: 125, high: 200 });
    expect(parseRange('(< 150)', null)).toMatchObject({ low: null, high: 150 });
    expect(parseRange('Pale Yellow', null)).toMatchObject({ kind: 'qualitative', low: null, high: null });
    expect(parseRange('', null).kind).toBe('none');
  });
});
