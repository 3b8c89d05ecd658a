import { beforeAll, describe, expect, it } from 'vitest';
import { sampleText, XRAY_TEXT } from '../test-support/samples';
import { AnalysisError, analyzeDocument, answerChat, type AnalysisResult } from '../index';

// Chat answers grounded in a real analysis of synthetic reports (CBC with low Hb, lipid profile...).
let cbc: AnalysisResult;
let kidney: AnalysisResult;

function reportOf(r: AnalysisResult) {
  return {
    report_type: r.report_type,
    summary: r.summary,
    key_findings: r.key_findings,
    values: r.values,
    impressions: r.impressions,
  };
}

async function analyse(bytes: Buffer, filename: string): Promise<AnalysisResult> {
  return analyzeDocument({ bytes, filename, language: 'en' });
}

async function ask(r: AnalysisResult, question: string, language: 'en' | 'hi' = 'en') {
  return answerChat({ report: reportOf(r), question, language });
}

describe('answerChat (local)', () => {
  beforeAll(async () => {
    cbc = await analyse(sampleText('bloodCount'), 'cbc.txt'); // Hb 11.1 low, a lipid profile
    kidney = await analyse(sampleText('kidney'), 'kidney.txt'); // potassium 7.06 critical
  });

  it('answers "is my hemoglobin ok?" with the report value and printed range', async () => {
    const a = await ask(cbc, 'is my hemoglobin ok?');
    expect(a.response).toContain('11.1 g/dL');
    expect(a.response).toMatch(/13\.5-18/);
    expect(a.response).toMatch(/\blow\b/);
    expect(a.model).toMatch(/^reportsaathi-local-/);
    expect(a.confidence_score).toBeGreaterThan(0.5);
    expect(a.confidence_score).toBeLessThanOrEqual(1);
  });

  it('explains what a test means', async () => {
    const a = await ask(cbc, 'What does LDL mean?');
    expect(a.response.toLowerCase()).toContain('ldl');
    expect(a.response.length).toBeGreaterThan(60);
  });

  it('lists the high values', async () => {
    const a = await ask(cbc, 'Which values are high?');
    const high = cbc.values.filter((v) => v.flag === 'high' || v.flag === 'critical_high');
    expect(high.length).toBeGreaterThan(0);
    for (const v of high) expect(a.response).toContain(String(v.value));
    expect(a.response).not.toContain('11.1 g/dL'); // haemoglobin is low, not high
  });

  it('answers in Hindi when asked', async () => {
    const a = await ask(cbc, 'मेरा हीमोग्लोबिन ठीक है?', 'hi');
    expect(a.response).toMatch(/[\u0900-\u097F]/);
    expect(a.response).toContain('11.1');
  });

  it('answers in the script the question is written in, whatever the account language', async () => {
    // An English question from a Hindi-language account is answered in English...
    const en = await ask(cbc, 'is my hemoglobin ok?', 'hi');
    expect(en.response).not.toMatch(/[\u0900-\u097F]/);
    expect(en.response).toContain('11.1 g/dL');
    // ...a Devanagari question from an English account in Hindi...
    const hi = await ask(cbc, 'मेरा हीमोग्लोबिन ठीक है?', 'en');
    expect(hi.response).toMatch(/[\u0900-\u097F]/);
    // ...and a message without letters in the account's language.
    const none = await ask(cbc, '???', 'hi');
    expect(none.response).toMatch(/[\u0900-\u097F]/);
  });

  it('answers a self-harm message only with care and crisis numbers, in its language', async () => {
    for (const [q, script] of [
      ['I feel like ending my life', /^[^\u0900-\u097F]+$/],
      ['मैं आत्महत्या करना चाहता हूँ', /[\u0900-\u097F]/],
      ['mujhe marna chahta hoon, kuch accha nahi lagta', /Tele-MANAS ko 14416/],
    ] as const) {
      const a = await answerChat({ report: reportOf(kidney), question: q, language: 'en' });
      expect(a.response.indexOf('14416')).toBeLessThan(120); // leads with the helpline
      expect(a.response).toContain('112');
      expect(a.response).toMatch(script);
      expect(a.safety).toEqual({ kind: 'self_harm', severity: 'high' });
      // No report data at all, not even the critical-value line.
      for (const v of kidney.values) expect(a.response).not.toContain(String(v.value));
      expect(a.response).not.toContain('URGENT');
    }
  });

  it('refuses dosage and treatment questions with the disclaimer', async () => {
    for (const q of [
      'How much iron tablet dose should I take?',
      'Which medicine should I take for low hemoglobin?',
    ]) {
      const a = await ask(cbc, q);
      expect(a.response).toMatch(/can't advise on medicines, doses or treatment/);
      expect(a.response).toMatch(/does not replace advice from your doctor/);
    }
    const hi = await ask(cbc, 'मुझे कौन सी दवा लेनी चाहिए?', 'hi');
    expect(hi.response).toMatch(/दवा, खुराक या इलाज/);
  });

  it('answers emergency words with the emergency numbers', async () => {
    const a = await ask(cbc, 'I have severe chest pain right now');
    expect(a.response).toMatch(/108/);
    expect(a.response).toMatch(/102/);
  });

  it('leads with the urgent line when the report has a critical value', async () => {
    const a = await ask(kidney, 'is my potassium ok?');
    expect(a.response.startsWith('URGENT')).toBe(true);
    expect(a.response).toContain('7.06');
  });

  it('accepts stored rows as pg returns them (numeric columns as strings)', async () => {
    const rows = cbc.values.map((v) => ({
      canonical_id: v.canonical_id,
      name: v.name,
      value: String(v.value),
      unit: v.unit,
      ref_low: v.ref_low === null ? null : String(v.ref_low),
      ref_high: v.ref_high === null ? null : String(v.ref_high),
      ref_text: v.ref_text,
      flag: v.flag,
    }));
    const a = await answerChat({
      report: {
        report_type: 'blood_test',
        summary: null,
        key_findings: null,
        values: rows,
        impressions: null,
      },
      question: 'is my hemoglobin ok?',
      language: 'en',
    });
    expect(a.response).toContain('11.1 g/dL');
    expect(a.response).toMatch(/13\.5-18/);
  });

  it('explains a radiology report from its impressions, in Hindi too', async () => {
    const xray = await analyse(Buffer.from(XRAY_TEXT), 'xray.txt');
    const en = await ask(xray, 'What does my report say?');
    expect(en.response).toContain('Mild cardiomegaly');
    const hi = await ask(xray, 'मेरी रिपोर्ट में क्या लिखा है?', 'hi');
    expect(hi.response).toMatch(/एक्स-रे/);
    expect(hi.response).toContain('Mild cardiomegaly');
  });

  it('refuses whitespace-only questions', async () => {
    await expect(ask(cbc, '   \n ')).rejects.toBeInstanceOf(AnalysisError);
  });
});
