import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { sampleText, writeTemp, XRAY_TEXT } from './test-support/samples';
import { REPO_ROOT } from './eval/fixtures';

const run = promisify(execFile);

// `npm run -s analyze -- FILE... --json`: exactly one JSON object per file, in order, nothing else.
describe('analyze CLI', () => {
  it('prints one JSON line per file, errors as {file, error}', { timeout: 60_000 }, async () => {
    const written = writeTemp({ 'kidney.txt': sampleText('kidney'), 'xray.txt': XRAY_TEXT });
    const files = [written['kidney.txt'], path.join(REPO_ROOT, 'does-not-exist.pdf'), written['xray.txt']];
    const tsx = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
    const { stdout } = await run(tsx, ['scripts/analyze.ts', ...files, '--json'], { cwd: REPO_ROOT });
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    const [lab, missing, xray] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(Object.keys(lab)).toEqual([
      'file',
      'report_type',
      'summary',
      'key_findings',
      'recommendations',
      'confidence_score',
      'ai_model_version',
      'values',
      'impressions',
    ]);
    expect(lab.file).toBe(files[0]);
    expect(lab.report_type).toBe('blood_test');
    const values = lab.values as Array<Record<string, unknown>>;
    expect(Object.keys(values[0])).toEqual([
      'canonical_id',
      'name',
      'value',
      'unit',
      'ref_low',
      'ref_high',
      'ref_text',
      'flag',
    ]);
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
    const { stdout } = await run(tsx, ['scripts/analyze.ts', file, '--json', '--lang', 'hi'], {
      cwd: REPO_ROOT,
    });
    const out = JSON.parse(stdout) as { summary: string };
    expect(out.summary).toMatch(/[\u0900-\u097F]/);
    expect(out.summary).toContain('108');
  });
});
