import { describe, expect, it } from 'vitest';
import { doctorQuestions, questionsFor } from './doctor-questions';

const v = (flag: 'low' | 'high' | 'normal' | 'critical_high', extra: object = {}) => ({
  name: 'Haemoglobin',
  value: 9.1,
  unit: 'g/dL',
  flag,
  ...extra,
});

describe('questions to ask the doctor, per finding', () => {
  it('asks the cause, what to do and when to retest for a value out of range', () => {
    expect(questionsFor(v('low'), 'en')).toEqual([
      'What could make my Haemoglobin low (9.1 g/dL)?',
      'Does it need treatment, or a change in what I eat or do?',
      'When should I test my Haemoglobin again?',
    ]);
  });

  it('asks how soon for a value far outside, and names a band', () => {
    const q = questionsFor(v('critical_high', { band: 'very high' }), 'hi');
    expect(q[0]).toContain('कितनी जल्दी');
    expect(q.some((x) => x.includes('“very high”'))).toBe(true);
  });

  it('asks only for a check of a doubtful reading, nothing of a value in range', () => {
    expect(questionsFor(v('high', { uncertain: true }), 'en')).toHaveLength(1);
    expect(questionsFor(v('normal'), 'en')).toEqual([]);
  });

  it('one general question when every value is in range', () => {
    expect(doctorQuestions([v('normal')], 'en')).toEqual([
      {
        finding: null,
        questions: ['All my values are within their ranges: is there anything else I should have checked?'],
      },
    ]);
  });
});
