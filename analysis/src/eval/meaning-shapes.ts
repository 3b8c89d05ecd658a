import { analyzeDocument } from '../index';
import { AnalysisError } from '../errors';
import type { AnalysisResult } from '../types';
import type { Fixture, TruthTest } from './fixtures';
import { linesToImage } from './render';
import { scoreFile, totals, type FileScore, type GroupTotals } from './score';

/**
 * What a reading says (issue 30, decisions 190-195), measured on reports written for it: ranges
 * banded by sex and age (one line and several), qualitative panels (urine, serology) with their
 * normal words and slips, and printed ranges garbled as photos garble them. Each case states the
 * flag a patient must be told; a family's line counts flags, WRONG SHOWN and contradictions.
 */
export interface MeaningCase {
  id: string;
  family: 'banded ranges' | 'qualitative panels' | 'garbled ranges';
  lines: string[];
  tests: Array<Pick<TruthTest, 'canonical' | 'value' | 'unit_as_printed' | 'flag_expected'>>;
  /** Also photographed (an OCR pass). */
  photo?: boolean;
  /**
   * Photographed only: text whose garbling only OCR makes (a text layer's range is the lab's own,
   * decision 193).
   */
  photoOnly?: boolean;
}

const head = (age: number, sex: 'Male' | 'Female') => [
  'SAMPLE PATHOLOGY LAB',
  `Patient Name : Test Patient      Age / Sex : ${age} Years / ${sex}`,
  '',
  'Test                     Result    Unit        Reference Range',
];

export const MEANING_CASES: MeaningCase[] = [
  {
    id: 'sex bands one line, man',
    family: 'banded ranges',
    lines: [
      ...head(23, 'Male'),
      'Haemoglobin              15.5      g/dL        Male : 14-16 / Female : 12-14',
      'Serum Creatinine         1.25      mg/dL       M: 0.7-1.3 F: 0.6-1.1',
      'Uric Acid                6.8       mg/dL       Male 3.5-7.2 / Female 2.6-6.0',
    ],
    tests: [
      { canonical: 'hemoglobin', value: 15.5, unit_as_printed: 'g/dL', flag_expected: 'normal' },
      { canonical: 'creatinine', value: 1.25, unit_as_printed: 'mg/dL', flag_expected: 'normal' },
      { canonical: 'uric_acid', value: 6.8, unit_as_printed: 'mg/dL', flag_expected: 'normal' },
    ],
    photo: true,
  },
  {
    id: 'sex bands one line, woman',
    family: 'banded ranges',
    lines: [
      ...head(41, 'Female'),
      'Haemoglobin              13.5      g/dL        Male : 14-16 / Female : 12-14',
      'Serum Creatinine         1.25      mg/dL       M: 0.7-1.3 F: 0.6-1.1',
      'Uric Acid                6.8       mg/dL       Male 3.5-7.2 / Female 2.6-6.0',
    ],
    tests: [
      { canonical: 'hemoglobin', value: 13.5, unit_as_printed: 'g/dL', flag_expected: 'normal' },
      { canonical: 'creatinine', value: 1.25, unit_as_printed: 'mg/dL', flag_expected: 'high' },
      { canonical: 'uric_acid', value: 6.8, unit_as_printed: 'mg/dL', flag_expected: 'high' },
    ],
  },
  {
    id: 'age bands several lines, child',
    family: 'banded ranges',
    lines: [
      ...head(8, 'Female'),
      'Serum Creatinine         0.9       mg/dL       Adult : 0.6-1.2',
      '                                               Child : 0.3-0.7',
      'Alkaline Phosphatase     250       U/L         Adults : 40-130',
      '                                               Children : 100-390',
    ],
    tests: [
      { canonical: 'creatinine', value: 0.9, unit_as_printed: 'mg/dL', flag_expected: 'high' },
      { canonical: 'alkaline_phosphatase', value: 250, unit_as_printed: 'U/L', flag_expected: 'normal' },
    ],
  },
  {
    id: 'age bands in years, elderly man',
    family: 'banded ranges',
    lines: [
      ...head(72, 'Male'),
      'ESR                      25        mm/hr       < 50 Y : 0-15 / > 50 Y : 0-30',
      'Haemoglobin              13.2      g/dL        Adult Male : 13-17 / Adult Female : 12-15',
    ],
    tests: [
      { canonical: 'esr', value: 25, unit_as_printed: 'mm/hr', flag_expected: 'normal' },
      { canonical: 'hemoglobin', value: 13.2, unit_as_printed: 'g/dL', flag_expected: 'normal' },
    ],
  },
  {
    id: 'urine routine, normal words and slips',
    family: 'qualitative panels',
    lines: [
      ...head(35, 'Female'),
      'URINE ROUTINE EXAMINATION',
      'Colour                   Pale Yellow           Pale Yellow',
      'Appearance               Clear                 Clear',
      'Protein                  Absent                Absent',
      'Glucose                  Nil                   Nil',
      'Ketone Bodies            Negative              Negative',
      'Pus Cells                2-3       /hpf        0-5',
      'RBC                      Not Seen  /hpf        Nil',
    ],
    tests: [
      { canonical: 'urine_colour', value: 'Pale Yellow', unit_as_printed: '', flag_expected: 'normal' },
      { canonical: 'urine_appearance', value: 'Clear', unit_as_printed: '', flag_expected: 'normal' },
      { canonical: 'urine_protein', value: 'Absent', unit_as_printed: '', flag_expected: 'normal' },
      { canonical: 'urine_glucose', value: 'Nil', unit_as_printed: '', flag_expected: 'normal' },
      { canonical: 'urine_ketones', value: 'Negative', unit_as_printed: '', flag_expected: 'normal' },
      { canonical: 'urine_pus_cells', value: '2-3', unit_as_printed: '/hpf', flag_expected: 'normal' },
      { canonical: 'urine_rbc', value: 'Not Seen', unit_as_printed: '/hpf', flag_expected: 'normal' },
    ],
    photo: true,
  },
  {
    id: 'urine routine, findings',
    family: 'qualitative panels',
    lines: [
      ...head(52, 'Male'),
      'URINE ROUTINE EXAMINATION',
      'Appearance               Turbid                Clear',
      'Protein                  Trace                 Absent',
      'Glucose                  ++                    Nil',
      'Pus Cells                15-20     /hpf        0-5',
    ],
    tests: [
      { canonical: 'urine_appearance', value: 'Turbid', unit_as_printed: '', flag_expected: 'abnormal' },
      { canonical: 'urine_protein', value: 'Trace', unit_as_printed: '', flag_expected: 'abnormal' },
      { canonical: 'urine_glucose', value: '++', unit_as_printed: '', flag_expected: 'abnormal' },
      { canonical: 'urine_pus_cells', value: '15-20', unit_as_printed: '/hpf', flag_expected: 'abnormal' },
    ],
  },
  {
    id: 'serology',
    family: 'qualitative panels',
    lines: [
      ...head(29, 'Female'),
      'SEROLOGY',
      'HBsAg                    Non Reactive          Non Reactive',
      'HIV I & II               Non-Reactive          Non Reactive',
      'VDRL                     Non Reactive          Non Reactive',
      'Dengue NS1 Antigen       Positive              Negative',
    ],
    tests: [
      { canonical: 'hbsag', value: 'Non Reactive', unit_as_printed: '', flag_expected: 'normal' },
      { canonical: 'hiv_screening', value: 'Non-Reactive', unit_as_printed: '', flag_expected: 'normal' },
      { canonical: 'vdrl', value: 'Non Reactive', unit_as_printed: '', flag_expected: 'normal' },
      { canonical: 'dengue_ns1', value: 'Positive', unit_as_printed: '', flag_expected: 'abnormal' },
    ],
  },
  {
    id: 'ranges garbled as photos garble them',
    family: 'garbled ranges',
    lines: [
      ...head(44, 'Male'),
      'Haemoglobin              12.0      g/dL        13517.5',
      'RBC Count                5.0       mill/cumm   45-55',
      'MCV                      90.7      fL          8 0-100',
      'Platelet Count           2.5       lakhs/cumm  1.5-4.5',
    ],
    tests: [
      // The printed Hb range cannot be read: the usual range for a man (13-17) says low.
      { canonical: 'hemoglobin', value: 12, unit_as_printed: 'g/dL', flag_expected: 'low' },
      { canonical: 'rbc_count', value: 5, unit_as_printed: 'mill/cumm', flag_expected: 'normal' },
      { canonical: 'mcv', value: 90.7, unit_as_printed: 'fL', flag_expected: 'normal' },
      { canonical: 'platelet_count', value: 2.5, unit_as_printed: 'lakhs/cumm', flag_expected: 'normal' },
    ],
    photo: true,
    photoOnly: true,
  },
];

function fixtureOf(c: MeaningCase, format: 'txt' | 'jpg'): Fixture {
  const file = `${c.id.replace(/\W+/g, '-')}.${format}`;
  return {
    file,
    rel: `meaning/${file}`,
    path: file,
    truth: {
      file,
      format,
      report_type: 'blood_test',
      document_kind: 'lab_report',
      lab_values_expected: true,
      impressions: [],
      tests: c.tests.map((t) => ({
        ...t,
        name_as_printed: t.canonical,
        ref_low: null,
        ref_high: null,
        ref_text: '',
      })),
    },
  };
}

export interface MeaningScore {
  family: MeaningCase['family'];
  format: 'txt' | 'image';
  totals: GroupTotals;
  scores: FileScore[];
}

/** Every case as text, and the cases marked `photo` photographed too (unless `photos` is false). */
export async function runMeaningShapes(options: { photos?: boolean } = {}): Promise<MeaningScore[]> {
  const out = new Map<string, MeaningScore>();
  const add = (c: MeaningCase, format: 'txt' | 'image', s: FileScore) => {
    const key = `${c.family}|${format}`;
    const entry = out.get(key) ?? { family: c.family, format, totals: totals([]), scores: [] };
    entry.scores.push(s);
    out.set(key, entry);
  };
  for (const c of MEANING_CASES) {
    const photographed = c.photo && options.photos !== false;
    const formats: Array<'txt' | 'image'> = c.photoOnly
      ? photographed
        ? ['image']
        : []
      : photographed
        ? ['txt', 'image']
        : ['txt'];
    for (const format of formats) {
      const fx = fixtureOf(c, format === 'image' ? 'jpg' : 'txt');
      const t0 = performance.now();
      let result: AnalysisResult | null = null;
      let error: string | null = null;
      try {
        const bytes =
          format === 'image' ? await linesToImage(c.lines, 'photo') : Buffer.from(c.lines.join('\n'));
        result = await analyzeDocument({ bytes, filename: fx.file, language: 'en' });
      } catch (err) {
        error = err instanceof AnalysisError ? err.message : String(err);
      }
      add(c, format, scoreFile(fx, result, error, performance.now() - t0));
    }
  }
  return [...out.values()].map((m) => ({ ...m, totals: totals(m.scores) }));
}
