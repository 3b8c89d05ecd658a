import { describe, expect, it } from 'vitest';
import { parseRange } from './ranges';

/** Ranges printed per population: the patient's own band, and the band shown (decision 192). */
describe('population bands', () => {
  it("picks the patient's sex band, from clean and OCR-damaged text", () => {
    // The case: a 23-year-old man's Hb range printed for both sexes.
    expect(parseRange('Male : 14-16 g% / Female : 12-14 g%', 'male', 23)).toMatchObject({
      low: 14,
      high: 16,
      shown: 'Male: 14-16',
    });
    expect(parseRange('male . 14-16 9% Female : 12-14 g%', 'male', 23)).toMatchObject({
      low: 14,
      high: 16,
      shown: 'Male: 14-16',
    });
    expect(parseRange('M: 0.7-1.3 F: 0.6-1.1', 'female', 40)).toMatchObject({ low: 0.6, high: 1.1 });
    expect(parseRange('Women 4.2 - 5.4\nMen 4.7 - 6.1', 'male', 40)).toMatchObject({ low: 4.7, high: 6.1 });
  });

  it('with sex or age unknown, judges by every band that may be the patient’s and shows them all', () => {
    expect(parseRange('Male : 14-16 g% / Female : 12-14 g%', null, null)).toMatchObject({
      low: 12,
      high: 16,
      shown: 'Male: 14-16 / Female: 12-14',
    });
    expect(parseRange('Adult: 0.6-1.2\nChild: 0.3-0.7', 'male', null)).toMatchObject({ low: 0.3, high: 1.2 });
  });

  it('picks by age: age groups, ages in years, months and days', () => {
    expect(parseRange('Adult: 0.6-1.2\nChild: 0.3-0.7', 'male', 8)).toMatchObject({
      low: 0.3,
      high: 0.7,
      shown: 'Child: 0.3-0.7',
    });
    expect(parseRange('Adult: 0.6-1.2\nChild: 0.3-0.7', 'female', 35)).toMatchObject({ low: 0.6, high: 1.2 });
    expect(parseRange('>60 Y: 0.8-1.4 / 18-60 Y: 0.6-1.2', 'male', 70)).toMatchObject({
      low: 0.8,
      high: 1.4,
    });
    expect(parseRange('>60 Y: 0.8-1.4 / 18-60 Y: 0.6-1.2', 'male', 45)).toMatchObject({
      low: 0.6,
      high: 1.2,
    });
    expect(parseRange('0-30 days: 14-24 / 1-12 months: 10-13 / Adults: 12-16', null, 0.5)).toMatchObject({
      low: 10,
      high: 13,
    });
    expect(
      parseRange('Newborn: 14-24 / Adult Male: 13-17 / Adult Female: 12-15', 'female', 30),
    ).toMatchObject({ low: 12, high: 15, shown: 'Adult Female: 12-15' });
    expect(parseRange('Children (1-5 Y): 11-14 / Adults: 12-16', null, 3)).toMatchObject({
      low: 11,
      high: 14,
    });
  });

  it('takes the non-pregnant band unless only pregnancy bands are printed', () => {
    const tsh =
      'Non-pregnant: 0.4-4.0\n1st Trimester: 0.1-2.5\n2nd Trimester: 0.2-3.0\n3rd Trimester: 0.3-3.0';
    expect(parseRange(tsh, 'female', 30)).toMatchObject({ low: 0.4, high: 4, shown: 'Non-pregnant: 0.4-4' });
    expect(parseRange('1st Trimester: 0.1-2.5 / 2nd Trimester: 0.2-3.0', 'female', 30)).toMatchObject({
      low: 0.1,
      high: 3,
    });
  });

  it('leaves plain and tiered ranges alone', () => {
    expect(parseRange('13 - 17\n(adult)', null).shown).toBeUndefined();
    const tiered = parseRange('Desirable: < 200 / Borderline High: 200 - 239', 'male', 40);
    expect([tiered.high, tiered.shown]).toEqual([200, undefined]);
    // 'Moderate' and 'Mild' start with an m but name no one.
    expect(parseRange('Mild: 5 - 10 / Moderate: 10 - 20 / Normal: 0 - 5', 'male', 40).shown).toBeUndefined();
  });
});
