import { describe, expect, it } from 'vitest';
import { bandOf, parseBand, parseRange, unionBands, type ParsedRange } from './ranges';

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

/** The whole parsed range, so a wrong kind, tier list or sex band fails as surely as a wrong bound. */
function whole(text: string, over: Partial<ParsedRange>): ParsedRange {
  return { text, kind: 'numeric', low: null, high: null, bySex: null, tiered: false, tiers: [], ...over };
}

describe('parseBand, every operator', () => {
  it.each([
    ['till 10', null, 10],
    ['=< 5', null, 5],
    ['≤ 5', null, 5],
    ['Below 5', null, 5],
    ['Up  to 5', null, 5],
    ['less than or equal to 3', null, 3],
    ['≥ 60', 60, null],
    ['=> 5', 5, null],
    ['Above 5', 5, null],
    ['Greater than 5', 5, null],
    ['over 5', 5, null],
    ['13 – 17', 13, 17],
    ['.5 - 1.5', 0.5, 1.5],
  ])('%s', (text, low, high) => {
    expect(parseBand(text)).toEqual({ low, high });
  });

  it('finds no band in words', () => {
    expect(parseBand('Nil')).toBeNull();
  });

  it('reads a dot grouping thousands only where the band would otherwise be inverted', () => {
    expect(parseBand('4000 - 10.000')).toEqual({ low: 4000, high: 10000 });
    // Not a grouping: two decimals, a plain decimal, a band already in order, or still inverted after.
    expect(parseBand('4000 - 10.00')).toEqual({ low: 4000, high: 10 });
    expect(parseBand('4000 - 10.5')).toEqual({ low: 4000, high: 10.5 });
    expect(parseBand('10 - 10.000')).toEqual({ low: 10, high: 10 });
    expect(parseBand('40000 - 10.000')).toEqual({ low: 40000, high: 10 });
  });
});

describe('parseRange, the whole result', () => {
  it('keeps the printed text trimmed line by line, and reads plain and bracketed bands', () => {
    expect(parseRange(' 13.0 - 17.0 \n\n', null)).toEqual(whole('13.0 - 17.0', { low: 13, high: 17 }));
    expect(parseRange('13 - 17\n(adult)', null)).toEqual(whole('13 - 17\n(adult)', { low: 13, high: 17 }));
    expect(parseRange('[4.0 - 10.0]', null)).toEqual(whole('[4.0 - 10.0]', { low: 4, high: 10 }));
    expect(parseRange('( )', null)).toEqual(whole('( )', { kind: 'none' }));
    expect(parseRange('Pale Yellow', null)).toEqual(whole('Pale Yellow', { kind: 'qualitative' }));
    expect(parseRange('Type 2', null)).toEqual(whole('Type 2', { kind: 'qualitative' }));
  });

  it('falls back to the one sex printed, and keeps both bands', () => {
    const male = { low: 13, high: 17 };
    expect(parseRange('Male: 13 - 17', 'female')).toEqual(
      whole('Male: 13 - 17', { ...male, bySex: { male } }),
    );
    expect(parseRange('Male: 13 - 17', null)).toMatchObject({
      ...male,
      bySex: { male },
      shown: 'Male: 13-17',
    });
    const female = { low: 12, high: 15 };
    expect(parseRange('Female: 12 - 15', 'male')).toEqual(
      whole('Female: 12 - 15', { ...female, bySex: { female } }),
    );
    expect(parseRange('Female: 12 - 15 / Male: 13 - 17', 'male')).toMatchObject({
      ...male,
      bySex: { male, female },
      shown: 'Male: 13-17',
    });
    expect(parseRange('Men: 0.7 - 1.3 / Women: 0.6 - 1.1', 'female')).toMatchObject({ low: 0.6, high: 1.1 });
  });

  it('takes the union of one-sided sex bands for an unknown sex', () => {
    expect(parseRange('Male : More than 40\nFemale : More than 50', null)).toMatchObject({
      low: 40,
      high: null,
      bySex: { male: { low: 40, high: null }, female: { low: 50, high: null } },
    });
    expect(parseRange('Male: < 1.2 / Female: < 1.0', null)).toMatchObject({ low: null, high: 1.2 });
    // One sex open-ended on a side: the union is open on that side.
    expect(parseRange('Male: 10 - 20 / Female: More than 12', null)).toMatchObject({ low: 10, high: null });
    expect(parseRange('Male: < 20 / Female: 5 - 15', null)).toMatchObject({ low: null, high: 20 });
  });

  it('joins two bands by one rule: the wider bound on each side, none where either has none', () => {
    expect(unionBands({ low: 13, high: 17 }, { low: 12, high: 15 })).toEqual({ low: 12, high: 17 });
    expect(unionBands({ low: 13, high: 17 }, { low: 12, high: null })).toEqual({ low: 12, high: null });
    expect(unionBands({ low: null, high: 17 }, { low: 12, high: 15 })).toEqual({ low: null, high: 17 });
    expect(unionBands({ low: 13, high: null }, { low: null, high: 15 })).toEqual({ low: null, high: null });
  });

  it('lists every tier with its label and picks the normal one', () => {
    const text = 'Desirable: < 200 / Borderline   High: 200 - 239 / High: >= 240';
    expect(parseRange(text, null)).toEqual(
      whole(text, {
        high: 200,
        tiered: true,
        tiers: [
          { label: 'Desirable', low: null, high: 200 },
          { label: 'Borderline High', low: 200, high: 239 },
          { label: 'High', low: 240, high: null },
        ],
      }),
    );
    // 'Moderate' starts with an m but is not a sex.
    expect(parseRange('Mild: 5 - 10 / Moderate: 10 - 20 / Normal: 0 - 5', null)).toMatchObject({
      low: 0,
      high: 5,
      bySex: null,
      tiered: true,
    });
    expect(parseRange('Normal: 10 - 20', null)).toEqual(whole('Normal: 10 - 20', { low: 10, high: 20 }));
    // A label with a bare number is no tier.
    expect(parseRange('Fasting: 70 / Normal: 70 - 100', null)).toEqual(
      whole('Fasting: 70 / Normal: 70 - 100', { low: 70, high: 100 }),
    );
  });

  it('takes the first band when no tier is the normal one', () => {
    expect(parseRange('Mild: 10 - 20 / Severe: 5 - 15', null)).toMatchObject({
      low: 10,
      high: 20,
      tiered: true,
      tiers: [
        { label: 'Mild', low: 10, high: 20 },
        { label: 'Severe', low: 5, high: 15 },
      ],
    });
    // The first number is bare, so the labelled band is the range.
    expect(parseRange('Age 18 and above: 10 - 20', null)).toEqual(
      whole('Age 18 and above: 10 - 20', { low: 10, high: 20, tiered: true }),
    );
  });
});

describe('bandOf', () => {
  it('names the first tier holding the value, bounds included, and nothing for untiered ranges', () => {
    const r = parseRange('Desirable: < 200 / Borderline High: 200 - 239 / High: >= 240', null);
    expect([150, 200, 220, 239, 240, 300].map((v) => bandOf(r, v))).toEqual([
      'desirable',
      'desirable',
      'borderline high',
      'borderline high',
      'high',
      'high',
    ]);
    const gap = parseRange('Low: 1 - 2 / High: 5 - 9', null);
    expect(bandOf(gap, 3)).toBeNull();
    expect(bandOf(gap, 1)).toBe('low');
    expect(bandOf(gap, 0.5)).toBeNull();
    expect(bandOf(parseRange('13 - 17', null), 15)).toBeNull();
  });
});
