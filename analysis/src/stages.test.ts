import { afterAll, describe, expect, it } from 'vitest';
import { analyzeLines } from './engine';
import { analyzeDocument, shutdownAnalysis, type AnalysisStage } from './index';

/**
 * The steps a caller is told (decision 246): each once, in the engine's order, from the thread
 * that reads the file as it passes them; a throwing callback never fails the analysis.
 */
const lab = 'City Lab\nHemoglobin 11.2 g/dL 13.0 - 17.0\nGlucose 132 mg/dL 70 - 100\n';

describe('analysis steps', () => {
  afterAll(async () => {
    await shutdownAnalysis();
  });

  it('analyzeDocument tells reading, finding, checking, explaining, once each and in order', async () => {
    const told: AnalysisStage[] = [];
    const result = await analyzeDocument(
      { bytes: Buffer.from(lab), filename: 'lab.txt', language: 'en' },
      { onStage: (s) => told.push(s) },
    );
    expect(result.values.length).toBe(2);
    expect(told).toEqual(['reading', 'finding', 'checking', 'explaining']);
  });

  it('a file refused before it is read tells nothing past reading', async () => {
    const told: AnalysisStage[] = [];
    await expect(
      analyzeDocument(
        { bytes: Buffer.alloc(0), filename: 'empty.txt', language: 'en' },
        { onStage: (s) => told.push(s) },
      ),
    ).rejects.toThrow();
    expect(told).toEqual(['reading']);
  });

  it('a callback that throws is ignored', async () => {
    const result = await analyzeDocument(
      { bytes: Buffer.from(lab), filename: 'lab.txt', language: 'hi' },
      {
        onStage: () => {
          throw new Error('the page is gone');
        },
      },
    );
    expect(result.values.length).toBe(2);
  });

  it("the text's analysis tells finding, checking, explaining at its own boundaries", () => {
    const told: AnalysisStage[] = [];
    const text = {
      kind: 'txt' as const,
      lines: lab.trim().split('\n'),
      source: 'text' as const,
      ocrConfidence: null,
      totalPages: 1,
      pagesRead: 1,
    };
    analyzeLines(text, 'en', { onStage: (s) => told.push(s) });
    expect(told).toEqual(['finding', 'checking', 'explaining']);
  });
});
