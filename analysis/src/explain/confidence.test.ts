import { describe, expect, it } from 'vitest';
import type { ExtractedValue } from '../types';
import { confidenceScore } from './confidence';

const value = (ref_source: ExtractedValue['ref_source']): ExtractedValue => ({
  canonical_id: 'hemoglobin',
  loinc: null,
  name: 'Hb',
  value: 13,
  unit: 'g/dL',
  ref_low: 12,
  ref_high: 15,
  ref_text: '12-15',
  ref_source,
  flag: 'normal',
  flag_printed: null,
});

describe('confidenceScore', () => {
  const base = {
    kind: 'lab_report' as const,
    candidateLines: 10,
    parsedLines: 10,
    values: Array(10).fill(value('report')),
    impressions: [],
  };

  it('is high for a fully parsed text report and lower for a blurred photo of it', () => {
    const text = confidenceScore({ ...base, ocrConfidence: null });
    const photo = confidenceScore({ ...base, ocrConfidence: 0.7 });
    expect(text).toBe(0.99);
    expect(photo).toBeLessThan(text);
    expect(photo).toBeGreaterThan(0.5);
  });

  it('drops when rows were not understood or ranges were missing', () => {
    const full = confidenceScore({ ...base, ocrConfidence: null });
    expect(confidenceScore({ ...base, ocrConfidence: null, parsedLines: 5 })).toBeLessThan(full);
    expect(
      confidenceScore({ ...base, ocrConfidence: null, values: Array(10).fill(value('knowledge_base')) }),
    ).toBeLessThan(full);
  });

  it('stays in 0..1 for other documents', () => {
    for (const kind of ['radiology_report', 'other_medical', 'not_medical'] as const) {
      const s = confidenceScore({ ...base, kind, values: [], ocrConfidence: 0.9 });
      expect(s).toBeGreaterThan(0);
      expect(s).toBeLessThan(1);
    }
  });
});

describe('confidenceScore and the checks', () => {
  const row = (extra: Partial<ExtractedValue>): ExtractedValue => ({
    canonical_id: 'hemoglobin',
    loinc: null,
    name: 'Hb',
    value: 13,
    unit: 'g/dL',
    ref_low: 12,
    ref_high: 15,
    ref_text: '12-15',
    ref_source: 'report',
    flag: 'normal',
    flag_printed: null,
    ...extra,
  });
  const input = (values: ExtractedValue[]) => ({
    kind: 'lab_report' as const,
    ocrConfidence: 0.92,
    candidateLines: 10,
    parsedLines: 10,
    values,
    impressions: [],
  });

  it('is lower when values were repaired, and capped when a row must be checked', () => {
    const clean = confidenceScore(input(Array(10).fill(row({}))));
    const repaired = confidenceScore(
      input([...Array(8).fill(row({})), ...Array(2).fill(row({ value_confidence: 0.6 }))]),
    );
    const suspect = confidenceScore(
      input([...Array(9).fill(row({})), row({ uncertain: true, value_confidence: 0.3 })]),
    );
    expect(repaired).toBeLessThan(clean);
    expect(suspect).toBeLessThan(repaired);
    expect(suspect).toBeLessThanOrEqual(0.85);
    expect(clean).toBeGreaterThan(0.9);
  });
});
