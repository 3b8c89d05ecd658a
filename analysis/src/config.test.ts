import { afterEach, describe, expect, it } from 'vitest';
import { analysisConfig, analysisConfigFromEnv, configureAnalysis, DEFAULT_ANALYSIS_CONFIG } from './config';

describe('the engine settings passed in by the host', () => {
  afterEach(() => configureAnalysis(DEFAULT_ANALYSIS_CONFIG));

  it('reads only the variables that are set, from the object it is given', () => {
    expect(analysisConfigFromEnv({})).toEqual({});
    expect(
      analysisConfigFromEnv({
        EXTRACT_WORKERS: '2',
        OCR_LANGS: 'eng+hin+fra',
        PHOTO_SECOND_READING: '0',
        OCR_TIMEOUT_MS: 'soon',
      }),
    ).toEqual({ extractWorkers: 2, ocrLangs: ['eng', 'hin'], photoSecondReading: false });
  });

  it('keeps each setting in its range', () => {
    configureAnalysis({ extractWorkers: 9, extractHeapMb: 1, extractNice: -4, ocrLangs: [] });
    expect(analysisConfig()).toMatchObject({
      extractWorkers: 2,
      extractHeapMb: 128,
      extractNice: 0,
      ocrLangs: ['eng'],
    });
  });

  it('changes only what is passed', () => {
    configureAnalysis({ ocrWorkers: 2 });
    expect(analysisConfig()).toEqual({ ...DEFAULT_ANALYSIS_CONFIG, ocrWorkers: 2 });
  });
});
