import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLES, samplePng } from './test-support/samples';
import { AnalysisError, analyzeDocument, detectFileKind, shutdownAnalysis } from './index';
import { blankPdf, encryptedPdf, imagePdf, noisePng, textPdf } from './test-support/files';

// Every hostile input ends in an AnalysisError with a plain reason (or a bounded analysis),
// never a crash or a hang.
async function reason(bytes: Buffer, filename: string, signal?: AbortSignal): Promise<string> {
  try {
    await analyzeDocument({ bytes, filename, language: 'en' }, { signal });
  } catch (err) {
    expect(err).toBeInstanceOf(AnalysisError);
    return (err as AnalysisError).message;
  }
  return 'no error';
}

describe('bad input', () => {
  afterAll(async () => {
    await shutdownAnalysis();
  });

  it('refuses empty files and zero-byte images', async () => {
    expect(await reason(Buffer.alloc(0), 'report.txt')).toBe('The file is empty');
    expect(await reason(Buffer.alloc(0), 'scan.png')).toBe('The file is empty');
    expect(await reason(Buffer.from('   \n\n  '), 'report.txt')).toBe('The file is empty');
  });

  it('refuses a .pdf that is not a PDF and an image that is not an image', async () => {
    expect(await reason(Buffer.from('Haemoglobin 13.5 g/dL'), 'report.pdf')).toBe(
      'The file is not a valid PDF',
    );
    expect(await reason(Buffer.from('%PDF-1.4 nothing'), 'photo.jpg')).toBe(
      'The file is not a valid PNG or JPEG image',
    );
    expect(detectFileKind(Buffer.from('Haemoglobin 13.5 g/dL'))).toBe('txt');
  });

  it('refuses corrupt and password-protected PDFs', async () => {
    const corrupt = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(4000)]);
    expect(await reason(corrupt, 'report.pdf')).toBe('The file is not a valid PDF');
    expect(await reason(encryptedPdf(), 'report.pdf')).toBe('The PDF is password-protected');
  });

  it('refuses binary garbage in a text file', async () => {
    expect(await reason(randomBytes(20_000), 'report.txt')).toMatch(/not a PDF, PNG, JPG or text file/);
  });

  it('ends a 10 MB noise image quickly with a clear error', { timeout: 30_000 }, async () => {
    const png = await noisePng(10);
    expect(png.length).toBeGreaterThan(9 * 1024 * 1024);
    expect(await reason(png, 'noise.png')).toBe('No readable text was found in the image');
  });

  it('bounds the work on a PDF with thousands of pages', { timeout: 120_000 }, async () => {
    expect(await reason(blankPdf(2000), 'huge.pdf')).toBe('No readable text was found in the PDF');
  });

  it("stops at the job's time limit with its own error", { timeout: 120_000 }, async () => {
    // The job's time limit reaches the page loop: past it the engine stops and says so.
    expect(await reason(blankPdf(3000), 'huge.pdf', AbortSignal.timeout(1))).toBe(
      'The analysis was cancelled',
    );
  });

  it('reads a text-layer PDF built from scratch', async () => {
    const pdf = textPdf([
      'Patient : Mr. A        Age / Sex : 40 Years / Male',
      '',
      'Test              Result    Unit     Bio. Ref. Interval',
      'Haemoglobin       6.2       g/dL     13.0 - 17.0',
      'Total Cholesterol 180       mg/dL    < 200',
    ]);
    const r = await analyzeDocument({ bytes: pdf, filename: 'r.pdf', language: 'en' });
    expect(r.values.map((v) => [v.canonical_id, v.value, v.flag])).toEqual([
      ['hemoglobin', 6.2, 'critical_low'],
      ['total_cholesterol', 180, 'normal'],
    ]);
    expect(r.summary).toMatch(/108/);
    expect(r.recommendations[0]).toMatch(/108/);
  });

  it('reads a scanned PDF (image only, no text layer) through OCR', { timeout: 60_000 }, async () => {
    const truth = SAMPLES.kidney.truth;
    const pdf = await imagePdf(await samplePng('kidney'));
    const r = await analyzeDocument({ bytes: pdf, filename: 'scan.pdf', language: 'en' });
    const got = new Map(r.values.map((v) => [v.canonical_id, v]));
    const right = truth.tests.filter(
      (t) => got.get(t.canonical)?.value === t.value && got.get(t.canonical)?.flag === t.flag_expected,
    );
    expect(right.length / truth.tests.length).toBeGreaterThanOrEqual(0.9);
  });

  it('survives a 10 MB text file that is one endless line', { timeout: 30_000 }, async () => {
    const line = Buffer.from('Haemoglobin 13.5 g/dL '.repeat(480_000));
    const r = await analyzeDocument({ bytes: line, filename: 'x.txt', language: 'en' });
    expect(r.values.length).toBeLessThanOrEqual(1);
  });

  it('reads UTF-16 and Latin-1 text reports', async () => {
    const text = 'Age / Sex : 30 Years / Female\nHaemoglobin      11.2     g/dL     Réf 12.0 - 15.0\n';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    for (const bytes of [utf16, Buffer.from(text, 'latin1')]) {
      const r = await analyzeDocument({ bytes, filename: 'r.txt', language: 'en' });
      expect(r.values.map((v) => [v.canonical_id, v.flag])).toEqual([['hemoglobin', 'low']]);
    }
  });
});
