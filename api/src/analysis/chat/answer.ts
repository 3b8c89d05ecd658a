import type { ExtractedValue, Language } from '../types';
import { allAnalytes, analyteById, normaliseName } from '../parse/match-analyte';
import { composeLab, composeRadiology } from '../explain/compose';
import { DISCLAIMER, EMERGENCY_LINE, FLAG_WORDS, fmtRange, fmtValue } from '../explain/format';
import type { Analyte } from '../types';
import { detectIntent, isHindi, type Intent } from './intent';

/**
 * Local chat answers, grounded in the report: the value, unit and printed range of what the
 * patient asks about, what the test measures (knowledge base), which values are out of range.
 * Dosage and treatment questions are declined with the disclaimer; emergency words get the
 * emergency numbers first. Hindi when the user's language is Hindi or the question is.
 */
export interface ChatReport {
  report_type: string | null;
  summary: string | null;
  key_findings: string[];
  values: ExtractedValue[];
  impressions: string[];
}

export interface LocalAnswer {
  response: string;
  confidence: number;
  intent: Intent;
}

/** Analytes named in a question ('hb', 'LDL', 'sugar', 'हीमोग्लोबिन'), longest names first. */
export function analytesInQuestion(question: string, values: ExtractedValue[]): Analyte[] {
  const q = ` ${normaliseName(question)} `;
  const raw = question.toLowerCase();
  const hits: Array<{ a: Analyte; len: number; at: number }> = [];
  const inReport = new Set(values.map((v) => v.canonical_id));
  for (const a of allAnalytes()) {
    const names = [...a.synonyms, a.name.en, a.id.replace(/_/g, ' ')];
    let best = 0;
    let at = -1;
    for (const n of names) {
      const k = normaliseName(n);
      if (k.length < 2) continue;
      const i = q.indexOf(` ${k} `);
      if (i >= 0 && k.length > best) {
        best = k.length;
        at = i;
      }
    }
    if (a.name.hi && raw.includes(a.name.hi.toLowerCase())) {
      best = Math.max(best, a.name.hi.length);
      at = raw.indexOf(a.name.hi.toLowerCase());
    }
    if (best > 0) hits.push({ a, len: best, at });
  }
  // Prefer analytes in this report, then the longest name ('ldl cholesterol' over 'cholesterol').
  const score = (h: { a: Analyte; len: number }) =>
    (inReport.has(h.a.id) ? 1000 : 0) +
    (h.a.panel === 'urine' && !/urine|पेशाब/i.test(question) ? 0 : 100) +
    h.len;
  hits.sort((x, y) => score(y) - score(x));
  const chosen: Analyte[] = [];
  for (const h of hits) {
    // Drop a shorter name inside a longer match ('cholesterol' inside 'hdl cholesterol').
    if (
      chosen.some(
        (c) =>
          c.id !== h.a.id &&
          normaliseName(c.name.en).includes(normaliseName(h.a.name.en)) &&
          !inReport.has(h.a.id),
      )
    )
      continue;
    chosen.push(h.a);
  }
  return chosen.slice(0, 3);
}

function valueLine(v: ExtractedValue, lang: Language): string {
  const a = analyteById(v.canonical_id);
  const name = lang === 'hi' ? (a?.name.hi ?? v.name) : (a?.name.en ?? v.name);
  const range = fmtRange(v, lang);
  const flag = FLAG_WORDS[lang][v.flag];
  if (lang === 'hi') {
    return `आपकी रिपोर्ट में ${name} ${fmtValue(v)} है${range ? `; रिपोर्ट में दी गई सीमा ${range} है` : ''}, यानी यह ${flag} है।`;
  }
  return `Your ${name} is ${fmtValue(v)}${range ? `; the reference printed on your report is ${range}` : ''}, so it is ${flag}.`;
}

function meaningLine(a: Analyte, v: ExtractedValue | undefined, lang: Language): string {
  const parts = [a.about[lang]];
  if (v && (v.flag === 'high' || v.flag === 'critical_high') && a.high) parts.push(a.high[lang]);
  if (v && (v.flag === 'low' || v.flag === 'critical_low') && a.low) parts.push(a.low[lang]);
  return parts.join(' ');
}

function seeDoctor(a: Analyte | undefined, lang: Language): string {
  const who = a?.specialist?.[lang] ?? (lang === 'hi' ? 'अपने डॉक्टर' : 'your doctor');
  return lang === 'hi'
    ? `इस परिणाम के बारे में ${who} से बात करें।`
    : `Please discuss this result with ${a?.specialist ? `${/^[aeiou]/i.test(who) ? 'an' : 'a'} ${who}` : who}.`;
}

function listFlagged(values: ExtractedValue[], which: 'high' | 'low' | 'any', lang: Language): string {
  const pick = values.filter((v) =>
    which === 'high'
      ? v.flag === 'high' || v.flag === 'critical_high'
      : which === 'low'
        ? v.flag === 'low' || v.flag === 'critical_low'
        : v.flag !== 'normal',
  );
  if (values.length === 0) {
    return lang === 'hi' ? 'इस रिपोर्ट में कोई लैब वैल्यू नहीं मिली।' : 'No lab values were found in this report.';
  }
  if (pick.length === 0) {
    const word =
      which === 'high'
        ? lang === 'hi'
          ? 'अधिक'
          : 'high'
        : which === 'low'
          ? lang === 'hi'
            ? 'कम'
            : 'low'
          : lang === 'hi'
            ? 'सीमा से बाहर'
            : 'out of range';
    return lang === 'hi'
      ? `आपकी रिपोर्ट में कोई भी परिणाम ${word} नहीं है; सभी ${values.length} परिणाम रिपोर्ट में दी गई सीमा के अनुसार ठीक हैं।`
      : `None of your results is ${word}; all ${values.length} are within the ranges printed on your report.`;
  }
  const lines = pick.map((v) => `- ${valueLine(v, lang)}`);
  const head =
    lang === 'hi'
      ? `आपकी रिपोर्ट में ये ${pick.length} परिणाम सीमा से बाहर हैं:`
      : `${pick.length === 1 ? 'This result is' : `These ${pick.length} results are`} outside the reference range on your report:`;
  return [head, ...lines].join('\n');
}

export function answerLocally(report: ChatReport, question: string, language: Language): LocalAnswer {
  const lang: Language = language === 'hi' || isHindi(question) ? 'hi' : 'en';
  const intent = detectIntent(question);
  const values = report.values ?? [];
  const critical = values.filter((v) => v.flag === 'critical_low' || v.flag === 'critical_high');

  if (intent === 'emergency') {
    const response =
      lang === 'hi'
        ? 'यह आपात स्थिति हो सकती है। तुरंत 108 (आपातकालीन सेवा) या 102 (एम्बुलेंस) पर कॉल करें या नज़दीकी अस्पताल के आपातकालीन विभाग में जाएँ। इंतज़ार न करें और यह चैट इलाज का विकल्प नहीं है।'
        : 'This may be an emergency. Call 108 (emergency services) or 102 (ambulance) now, or go to the nearest hospital emergency department. Please do not wait; this chat cannot replace urgent care.';
    return { response, confidence: 0.95, intent };
  }
  if (intent === 'dosage') {
    const response =
      lang === 'hi'
        ? `मैं दवा, खुराक या इलाज के बारे में सलाह नहीं दे सकता। कृपया यह सवाल अपने डॉक्टर से पूछें, जो आपकी पूरी स्थिति देखकर निर्णय लेंगे। ${DISCLAIMER.hi}`
        : `I can't advise on medicines, doses or treatment. Please ask your doctor, who can decide based on your full health picture. ${DISCLAIMER.en}`;
    return { response, confidence: 0.95, intent };
  }

  const prefix = critical.length ? `${EMERGENCY_LINE[lang]}\n\n` : '';
  const asked = analytesInQuestion(question, values);

  if (asked.length > 0 && intent !== 'abnormal_list' && intent !== 'high_list' && intent !== 'low_list') {
    const parts: string[] = [];
    for (const a of asked) {
      const v = values.find((x) => x.canonical_id === a.id);
      if (v) {
        parts.push(valueLine(v, lang));
        parts.push(meaningLine(a, v, lang));
        if (v.flag !== 'normal') parts.push(seeDoctor(a, lang));
      } else {
        parts.push(
          lang === 'hi'
            ? `आपकी इस रिपोर्ट में ${a.name.hi} की जाँच शामिल नहीं है। ${a.about.hi}`
            : `Your report does not include ${a.name.en}. ${a.about.en}`,
        );
      }
    }
    return {
      response: prefix + parts.join(' '),
      confidence: asked.some((a) => values.some((v) => v.canonical_id === a.id)) ? 0.9 : 0.7,
      intent,
    };
  }
  if (intent === 'high_list' || intent === 'low_list' || intent === 'abnormal_list') {
    const which = intent === 'high_list' ? 'high' : intent === 'low_list' ? 'low' : 'any';
    return {
      response: prefix + listFlagged(values, which, lang),
      confidence: values.length ? 0.9 : 0.6,
      intent,
    };
  }
  if (intent === 'status' && values.length) {
    return { response: prefix + listFlagged(values, 'any', lang), confidence: 0.85, intent };
  }
  // A summary of what the report says, grounded in its key findings.
  // Re-composed in the asked language from the values, so a Hindi question gets a Hindi summary.
  const radiology = ['x_ray', 'ct_scan', 'mri', 'ultrasound'].includes(report.report_type ?? '');
  const composed = values.length
    ? composeLab(values, { age: null, sex: null }, lang)
    : radiology && report.impressions?.length
      ? composeRadiology(report.report_type ?? '', report.impressions, lang)
      : null;
  const findings = (composed?.key_findings ?? report.key_findings ?? []).slice(0, 4);
  const summary = composed?.summary ?? report.summary ?? '';
  const parts: string[] = [];
  if (summary) parts.push(summary);
  if (findings.length)
    parts.push((lang === 'hi' ? 'मुख्य बातें:\n' : 'Key points:\n') + findings.map((f) => `- ${f}`).join('\n'));
  if (!parts.length) {
    parts.push(
      lang === 'hi'
        ? 'इस रिपोर्ट का विश्लेषण अभी उपलब्ध नहीं है।'
        : 'The analysis of this report is not available yet.',
    );
  }
  parts.push(
    lang === 'hi'
      ? 'आप किसी एक जाँच के बारे में पूछ सकते हैं, जैसे "मेरा हीमोग्लोबिन ठीक है?" या "कौन से परिणाम अधिक हैं?"'
      : 'You can ask about a single test, for example "Is my hemoglobin ok?" or "Which values are high?"',
  );
  return {
    response: (critical.length && !summary.includes('108') ? prefix : '') + parts.join('\n\n'),
    confidence: summary ? 0.7 : 0.4,
    intent,
  };
}
