import type { Analyte, ExtractedValue, Language } from '../types';
import { analyteById } from '../parse/match-analyte';
import { composeLab, composeRadiology } from '../explain/compose';
import { DISCLAIMER, EMERGENCY_LINE, FLAG_WORDS, fmtRange, fmtValue } from '../explain/format';
import { verdictOf } from '../interpret/verdict';
import { whatIsAsked } from './asked';
import { crisisReply } from './crisis';
import { detectIntent, inScope, type Intent } from './intent';
import { askedAspects, nextStepsAnswer } from './next-steps';
import { replyLanguage } from './language';
import { classifySafety, type SafetyVerdict } from './safety';
import { mentionsBloodPressure, type Topic } from './topics';

/**
 * Local chat answers, grounded in the report: the value, unit and printed range of what the
 * patient asks about (by lab name, everyday name or symptom), what the test measures, which
 * values are out of range. A message about suicide or self-harm gets only care and crisis
 * numbers; medicine and dose questions are declined and sent to the doctor; emergency words get
 * the emergency numbers first; what to eat, how to exercise, when to test again and which doctor
 * to see are answered from the knowledge base's guidance for the out-of-range values
 * (chat/next-steps.ts); off-topic messages get what the assistant can do. The reply is in
 * the language and script of the message (chat/language.ts).
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
  /** The language the reply is written in. */
  language: Language;
  /** What chat/safety.ts found in the message (staff review when kind is set). */
  safety: SafetyVerdict;
  /** Analyte ids the answer is about (empty for lists, summaries and refusals). */
  analytes: string[];
}

function midSentence(name: string): string {
  return /^[A-Z][a-z]+(?=[\s(,-]|$)/.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name;
}

function valueLine(v: ExtractedValue, lang: Language): string {
  const a = analyteById(v.canonical_id);
  // 'Fasting blood glucose' reads 'your fasting blood glucose'; 'HbA1c' and 'AST (SGOT)' stay.
  const name = lang === 'hi' ? (a?.name.hi ?? v.name) : midSentence(a?.name.en ?? v.name);
  const range = fmtRange(v, lang);
  const flag = FLAG_WORDS[lang][v.flag];
  // An unsettled photo reading has no flag: the patient is sent to the printed report.
  if (v.uncertain) {
    return lang === 'hi'
      ? `हम आपकी रिपोर्ट में ${name} का परिणाम साफ़ नहीं पढ़ सके; कृपया यह मान अपनी छपी रिपोर्ट में देखें।`
      : `We could not read your ${name} result clearly; please check this value on your printed report.`;
  }
  // Read, but nothing to judge it by (decision 249): not called normal.
  if (verdictOf(v).kind === 'no_range') {
    return lang === 'hi'
      ? `आपकी रिपोर्ट में ${name} ${fmtValue(v)} है; तुलना के लिए कोई सीमा नहीं मिली, इसलिए हम नहीं कह सकते कि यह सामान्य है या नहीं। कृपया इसे अपनी रिपोर्ट या डॉक्टर से जाँचें।`
      : `Your ${name} ${/[^u]s$/.test(name) ? 'are' : 'is'} ${fmtValue(v)}; there is no range to compare it against, so we cannot say whether it is normal. Please check it with your report or your doctor.`;
  }
  // The knowledge base's range is said to be ours, not the report's.
  const ours = v.ref_source === 'knowledge_base';
  if (lang === 'hi') {
    return `आपकी रिपोर्ट में ${name} ${fmtValue(v)} है${range ? `; ${ours ? 'सामान्य वयस्क सीमा' : 'रिपोर्ट में दी गई सीमा'} ${range} है` : ''}, यानी यह ${flag} है।`;
  }
  const verb = /[^u]s$/.test(name) ? 'are' : 'is'; // 'your triglycerides are'
  return `Your ${name} ${verb} ${fmtValue(v)}${range ? `; ${ours ? 'the usual adult range (not printed on your report)' : 'the reference printed on your report'} is ${range}` : ''}, so it is ${flag}.`;
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
    // Only what was read and judged against a range is "within" one.
    const judged = values.filter((v) => verdictOf(v).kind === 'read').length;
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
    if (judged < values.length) {
      return lang === 'hi'
        ? `आपकी रिपोर्ट में कोई भी परिणाम ${word} नहीं है; ${values.length} में से ${judged} परिणाम अपनी सीमा के भीतर हैं, बाकी ${values.length - judged} को आँका नहीं जा सका (साफ़ नहीं पढ़े गए या तुलना के लिए सीमा नहीं)। कृपया उन्हें अपनी रिपोर्ट में देखें।`
        : `None of your results is ${word}; ${judged} of ${values.length} are within their ranges, and the other ${values.length - judged} could not be judged (not read clearly, or no range to compare against). Please check those on your report.`;
    }
    return lang === 'hi'
      ? `आपकी रिपोर्ट में कोई भी परिणाम ${word} नहीं है; सभी ${values.length} परिणाम रिपोर्ट में दी गई सीमा के अनुसार ठीक हैं।`
      : `None of your results is ${word}; all ${values.length} are within the ranges printed on your report.`;
  }
  const lines = pick.map((v) => `- ${valueLine(v, lang)}`);
  const where = {
    en: { high: 'above', low: 'below', any: 'outside' }[which],
    hi: { high: 'सीमा से अधिक', low: 'सीमा से कम', any: 'सीमा से बाहर' }[which],
  };
  const head =
    lang === 'hi'
      ? `आपकी रिपोर्ट में ये ${pick.length} परिणाम ${where.hi} हैं:`
      : `${pick.length === 1 ? 'This result is' : `These ${pick.length} results are`} ${where.en} the reference range on your report:`;
  return [head, ...lines].join('\n');
}

const isFlagged = (v: ExtractedValue) => v.flag !== 'normal';
const isHigh = (v: ExtractedValue) => v.flag === 'high' || v.flag === 'critical_high';
const isLow = (v: ExtractedValue) => v.flag === 'low' || v.flag === 'critical_low';

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What the high or low result of a test can mean (knowledge base), for out-of-range values. */
function flaggedMeaning(a: Analyte | undefined, v: ExtractedValue, lang: Language): string | null {
  if (!a) return null;
  if (isHigh(v) && a.high) return a.high[lang];
  if (isLow(v) && a.low) return a.low[lang];
  return null;
}

/** The answer about the values asked for: one value in full, several one line each. */
function valuesAnswer(ids: string[], topics: Topic[], values: ExtractedValue[], lang: Language): string[] {
  const found = ids
    .map((id) => values.find((v) => v.canonical_id === id))
    .filter((v): v is ExtractedValue => !!v);
  const parts: string[] = [];
  if (found.length === 1 && ids.length === 1) {
    const v = found[0];
    const a = analyteById(v.canonical_id);
    parts.push(valueLine(v, lang));
    if (a) parts.push(meaningLine(a, v, lang));
    if (isFlagged(v)) parts.push(seeDoctor(a, lang));
    return parts;
  }
  for (const v of found) {
    const meaning = isFlagged(v) ? flaggedMeaning(analyteById(v.canonical_id), v, lang) : null;
    parts.push(`- ${valueLine(v, lang)}${meaning ? ` ${meaning}` : ''}`);
  }
  // Tests asked for by everyday name or printed name that this report does not have.
  for (const t of topics) {
    if (t.analytes.some((id) => found.some((v) => v.canonical_id === id))) continue;
    parts.push(
      lang === 'hi'
        ? `आपकी इस रिपोर्ट में ${t.label.hi} की कोई जाँच नहीं है।`
        : `This report has no ${t.label.en} results.`,
    );
  }
  for (const id of ids) {
    if (found.some((v) => v.canonical_id === id) || topics.some((t) => t.analytes.includes(id))) continue;
    const a = analyteById(id);
    if (!a) continue;
    parts.push(
      lang === 'hi'
        ? `आपकी इस रिपोर्ट में ${a.name.hi} की जाँच शामिल नहीं है। ${a.about.hi}`
        : `Your report does not include ${a.name.en}. ${a.about.en}`,
    );
  }
  if (found.some(isFlagged)) {
    const flagged = found.filter(isFlagged);
    const single = new Set(flagged.map((v) => analyteById(v.canonical_id)?.specialist?.en)).size === 1;
    parts.push(seeDoctor(single ? analyteById(flagged[0].canonical_id) : undefined, lang));
  } else if (found.length > 1) {
    parts.push(
      lang === 'hi'
        ? 'ये सभी परिणाम रिपोर्ट में दी गई सीमा के अंदर हैं।'
        : 'All of these are within the ranges printed on your report.',
    );
  }
  return parts;
}

function symptomAnswer(symptom: Topic, values: ExtractedValue[], lang: Language): string[] {
  const found = symptom.analytes
    .map((id) => values.find((v) => v.canonical_id === id))
    .filter((v): v is ExtractedValue => !!v);
  const parts = [
    lang === 'hi'
      ? `${symptom.label.hi}: इसके कई कारण हो सकते हैं, और केवल रिपोर्ट से किसी लक्षण का कारण तय नहीं होता।`
      : `${cap(symptom.label.en)} can have many causes, and a report alone cannot explain a symptom.`,
  ];
  if (found.length) {
    parts.push(
      lang === 'hi'
        ? 'आपकी रिपोर्ट में इससे जुड़ी ये जाँचें हैं:'
        : 'These results in your report are often looked at for it:',
    );
    for (const v of found) parts.push(`- ${valueLine(v, lang)}`);
  } else {
    parts.push(
      lang === 'hi'
        ? 'आपकी इस रिपोर्ट में इससे आम तौर पर जुड़ी जाँचें नहीं हैं।'
        : 'Your report does not include the tests usually checked for it.',
    );
  }
  parts.push(
    lang === 'hi'
      ? 'कृपया इस लक्षण के बारे में अपने डॉक्टर से बात करें।'
      : 'Please tell your doctor about this symptom.',
  );
  return parts;
}

const BLOOD_PRESSURE_ANSWER: Record<Language, string> = {
  en: 'Blood pressure (BP) is not a lab test: it is measured with a BP machine (a cuff on the arm) at a clinic or at home, so a lab report has no BP reading. Please discuss your BP readings with your doctor. You can ask me about results in this report, such as sugar or cholesterol.',
  hi: 'ब्लड प्रेशर (बीपी) लैब की जाँच नहीं है: इसे क्लिनिक या घर पर बीपी मशीन (बाँह पर पट्टा) से मापा जाता है, इसलिए लैब रिपोर्ट में बीपी की रीडिंग नहीं होती। अपनी बीपी रीडिंग के बारे में अपने डॉक्टर से बात करें। आप मुझसे इस रिपोर्ट के परिणामों के बारे में पूछ सकते हैं, जैसे शुगर या कोलेस्ट्रॉल।',
};

const OFF_TOPIC_ANSWER: Record<Language, string> = {
  en: 'I can only help you understand your medical report. You can ask about a test by name (for example sugar, hemoglobin, cholesterol, thyroid, kidney or liver tests), which values are high or low, or what a test means.',
  hi: 'मैं केवल आपकी मेडिकल रिपोर्ट समझने में मदद कर सकता हूँ। आप किसी जाँच के बारे में पूछ सकते हैं (जैसे शुगर, हीमोग्लोबिन, कोलेस्ट्रॉल, थायराइड, किडनी या लिवर), कौन से परिणाम अधिक या कम हैं, या किसी जाँच का मतलब क्या है।',
};

export function answerLocally(report: ChatReport, question: string, language: Language): LocalAnswer {
  const reply = replyLanguage(question, language);
  const lang = reply.lang;
  const safety = classifySafety(question);
  const answer = (response: string, confidence: number, intent: Intent, analytes: string[] = []) => ({
    response,
    confidence,
    intent,
    language: lang,
    safety,
    analytes,
  });

  // Self-harm first and alone: care and crisis numbers, never report data.
  if (safety.kind === 'self_harm') return answer(crisisReply(reply), 1, 'crisis');

  const intent = detectIntent(question);
  const values = report.values ?? [];
  const critical = values.filter((v) => v.flag === 'critical_low' || v.flag === 'critical_high');

  if (intent === 'emergency') {
    const response =
      lang === 'hi'
        ? 'यह आपात स्थिति हो सकती है। तुरंत 108 (आपातकालीन सेवा) या 102 (एम्बुलेंस) पर कॉल करें या नज़दीकी अस्पताल के आपातकालीन विभाग में जाएँ। इंतज़ार न करें और यह चैट इलाज का विकल्प नहीं है।'
        : 'This may be an emergency. Call 108 (emergency services) or 102 (ambulance) now, or go to the nearest hospital emergency department. Please do not wait; this chat cannot replace urgent care.';
    return answer(response, 0.95, intent);
  }
  if (intent === 'dosage') {
    const response =
      lang === 'hi'
        ? `मैं दवा, खुराक या इलाज के बारे में सलाह नहीं दे सकता। कृपया यह सवाल अपने डॉक्टर से पूछें, जो आपकी पूरी स्थिति देखकर निर्णय लेंगे। ${DISCLAIMER.hi}`
        : `I can't advise on medicines, doses or treatment. Please ask your doctor, who can decide based on your full health picture. ${DISCLAIMER.en}`;
    return answer(response, 0.95, intent);
  }

  const prefix = critical.length ? `${EMERGENCY_LINE[lang]}\n\n` : '';
  const asked = whatIsAsked(question, values);

  // Food, exercise, retesting, which doctor: the knowledge base's guidance for what is out of range.
  const aspects = askedAspects(question);
  if (aspects.length) {
    const next = nextStepsAnswer(values, asked.ids, aspects, lang);
    return answer(prefix + next.text, values.length ? 0.85 : 0.5, 'next_steps', next.analytes);
  }
  const listIntent = intent === 'abnormal_list' || intent === 'high_list' || intent === 'low_list';

  if (asked.ids.length === 0 && !asked.symptom && mentionsBloodPressure(question))
    return answer(BLOOD_PRESSURE_ANSWER[lang], 0.9, 'blood_pressure');

  if (asked.ids.length > 0) {
    const parts = valuesAnswer(asked.ids, asked.topics, values, lang);
    const inReport = asked.ids.filter((id) => values.some((v) => v.canonical_id === id));
    return answer(
      prefix + parts.join(parts.some((p) => p.startsWith('- ')) ? '\n' : ' '),
      inReport.length ? 0.9 : 0.7,
      intent,
      inReport,
    );
  }
  if (asked.symptom) {
    const inReport = asked.symptom.analytes.filter((id) => values.some((v) => v.canonical_id === id));
    return answer(prefix + symptomAnswer(asked.symptom, values, lang).join('\n'), 0.75, 'symptom', inReport);
  }
  if (listIntent) {
    const which = intent === 'high_list' ? 'high' : intent === 'low_list' ? 'low' : 'any';
    return answer(prefix + listFlagged(values, which, lang), values.length ? 0.9 : 0.6, intent);
  }
  if (!inScope(question)) return answer(OFF_TOPIC_ANSWER[lang], 0.9, 'off_topic');
  if (intent === 'status' && values.length)
    return answer(prefix + listFlagged(values, 'any', lang), 0.85, intent);

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
      ? 'आप किसी एक जाँच के बारे में पूछ सकते हैं, जैसे "मेरा शुगर ठीक है?" या "कौन से परिणाम अधिक हैं?"'
      : 'You can ask about a single test, for example "Is my sugar ok?" or "Which values are high?"',
  );
  return answer(
    (critical.length && !summary.includes('108') ? prefix : '') + parts.join('\n\n'),
    summary ? 0.7 : 0.4,
    intent,
  );
}
