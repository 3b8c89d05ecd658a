import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { sampleText, writeTemp, XRAY_TEXT } from './test-support/samples';
import { REPO_ROOT } from './eval/fixtures';

const run = promisify(execFile);

/** What the result page shows, as the CLI's --json prints it (analysis/README.md). */
const RESULT_KEYS = [
  'file',
  'report_type',
  'document_kind',
  'summary',
  'key_findings',
  'recommendations',
  'confidence_score',
  'ai_model_version',
  'has_critical',
  'patient',
  'language',
  'values',
  'unread',
  'impressions',
];
const VALUE_KEYS = [
  'canonical_id',
  'loinc',
  'name',
  'value',
  'qualifier',
  'unit',
  'unit_inferred',
  'ref_low',
  'ref_high',
  'ref_text',
  'ref_source',
  'band',
  'flag',
  'flag_printed',
  'flag_disagrees',
  'uncertain',
  'value_confidence',
  'reading_note',
  'not_in_knowledge_base',
];

// `npm run -s analyze -- FILE... --json`: exactly one JSON object per file, in order, nothing else.
describe('analyze CLI', () => {
  it('prints one JSON line per file, errors as {file, error}', { timeout: 60_000 }, async () => {
    const written = writeTemp({ 'kidney.txt': sampleText('kidney'), 'xray.txt': XRAY_TEXT });
    const files = [written['kidney.txt'], path.join(REPO_ROOT, 'does-not-exist.pdf'), written['xray.txt']];
    const tsx = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
    const { stdout } = await run(tsx, ['analysis/cli/analyze.ts', ...files, '--json'], { cwd: REPO_ROOT });
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    const [lab, missing, xray] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(Object.keys(lab)).toEqual(RESULT_KEYS);
    expect(lab.file).toBe(files[0]);
    expect(lab.report_type).toBe('blood_test');
    const values = lab.values as Array<Record<string, unknown>>;
    expect(Object.keys(values[0])).toEqual(VALUE_KEYS);
    expect(values.find((v) => v.canonical_id === 'potassium')).toMatchObject({
      value: 7.06,
      flag: 'critical_high',
    });
    expect(missing).toEqual({ file: files[1], error: 'File not found' });
    expect(xray).toMatchObject({ report_type: 'x_ray', values: [] });
    expect((xray.impressions as string[]).length).toBe(2);
  });

  it('writes Hindi with --lang hi', { timeout: 60_000 }, async () => {
    const tsx = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
    const file = writeTemp({ 'kidney.txt': sampleText('kidney') })['kidney.txt'];
    const { stdout } = await run(tsx, ['analysis/cli/analyze.ts', file, '--json', '--lang', 'hi'], {
      cwd: REPO_ROOT,
    });
    const out = JSON.parse(stdout) as { summary: string };
    expect(out.summary).toMatch(/[\u0900-\u097F]/);
    expect(out.summary).toContain('108');
  });

  it(
    'carries what the patient sees: "check it" rows, reading notes, unread rows, printed flags, has_critical',
    { timeout: 60_000 },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'analyze-cli-'));
      const file = path.join(dir, 'report.txt');
      // A hand-written report: the differential sums to 128 (a value was misprinted or misread),
      // potassium is critical with the lab's mark, and one result was not reported.
      writeFileSync(
        file,
        [
          'CITY LAB',
          'Patient: Test Person   Age: 40 Years   Sex: Male',
          'Test            Result   Unit     Reference',
          'Neutrophils     62       %        40 - 80',
          'Lymphocytes     38       %        20 - 40',
          'Monocytes       25       %        2 - 10',
          'Eosinophils     3        %        1 - 6',
          'Basophils       0        %        0 - 2',
          'Potassium       6.9  H   mEq/L    3.5 - 5.1',
          'Sodium          ----     mEq/L    135 - 145',
        ].join('\n'),
      );
      const tsx = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
      const { stdout } = await run(tsx, ['analysis/cli/analyze.ts', file, '--json'], { cwd: REPO_ROOT });
      const out = JSON.parse(stdout) as Record<string, unknown>;
      expect(Object.keys(out)).toEqual(RESULT_KEYS);
      expect(out.has_critical).toBe(true);
      const values = out.values as Array<Record<string, unknown>>;
      for (const v of values) expect(Object.keys(v)).toEqual(VALUE_KEYS);
      const mono = values.find((v) => v.canonical_id === 'monocytes')!;
      expect(mono).toMatchObject({ uncertain: true, flag: 'normal' });
      expect(mono.reading_note).toMatch(/do not agree with each other/);
      expect(values.find((v) => v.canonical_id === 'potassium')).toMatchObject({
        flag: 'critical_high',
        flag_printed: 'H',
        uncertain: false,
        reading_note: null,
      });
      expect(out.unread).toEqual([expect.objectContaining({ canonical_id: 'sodium', critical: true })]);
      expect(out.summary).toMatch(/could not be read clearly/);
    },
  );
});
