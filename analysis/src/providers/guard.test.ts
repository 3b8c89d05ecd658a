import { describe, expect, it } from 'vitest';
import { allowedNumbers, rewriteProblems } from './guard';

describe('rewrite guard', () => {
  const allowed = allowedNumbers('Haemoglobin 11.2 g/dL 13.0 - 17.0', 'Your report has 2 test results.');

  it('accepts reworded text that keeps the report numbers', () => {
    expect(rewriteProblems('Your haemoglobin of 11.2 g/dL is below 13 - 17.', allowed)).toEqual([]);
  });

  it('rejects invented numbers, also in Devanagari digits', () => {
    expect(rewriteProblems('Your LDL is 187 mg/dL.', allowed)).toHaveLength(1);
    expect(rewriteProblems('आपका हीमोग्लोबिन ११.२ है और एलडीएल १८७ है।', allowed)).toEqual([
      'number 187 is not in the report',
    ]);
  });

  it('rejects new dose words but not the ones the local wording already used', () => {
    const baseline = 'It gives no diagnosis, medicine or dosage advice.';
    expect(rewriteProblems('No dosage advice is given here.', allowed, [], baseline)).toEqual([]);
    expect(rewriteProblems('Take iron twice daily.', allowed, [], baseline)).toHaveLength(1);
    expect(rewriteProblems('It should be prescribed by a doctor.', allowed, [], baseline)).toHaveLength(1);
  });

  it('requires the emergency number to stay', () => {
    expect(rewriteProblems('Please see a doctor.', allowed, ['108'])).toEqual(['drops "108"']);
  });
});
