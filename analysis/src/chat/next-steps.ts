import { guideFor, type Guide, type GuidanceAspect } from '../knowledge/guidance';
import { analyteById } from '../parse/match-analyte';
import { FLAG_WORDS, fmtValue } from '../explain/format';
import type { ExtractedValue, Language } from '../types';
import { verdictOf } from '../interpret/verdict';

/**
 * "What should I eat?", "कौन से डॉक्टर को दिखाएँ?", "dobara test kab karwaun?": what patients ask
 * after reading their results, answered from the knowledge base's guidance (knowledge/guidance.ts)
 * for the values that are out of range — or for the tests the question names — and nothing else
 * (decision 133). Medicines and doses never: those questions are declined before this runs.
 */

// "After eating" and "empty stomach" name a sugar test (post-meal, fasting), not a food question.
const MEAL_TIMING =
  /\b(?:after|before|post)[- ](?:eating|food|meals?|lunch|breakfast|dinner)\b|\bempty stomach\b|\bkhane ke (?:baad|bad|pehle|pahle)\b|\bkhali pet\b|खाने के (?:बाद|पहले)|खाली पेट/g;

const ASPECTS: Array<[GuidanceAspect, RegExp]> = [
  [
    'food',
    /\b(?:eat|eating|food|foods|diet|diets|meals?|nutrition|khana|khaana|khaun|khau|khayein|khaye|khaen|khaoon|parhej|parhez|parhezh)\b|खाना|खाऊँ|खाऊं|खाएँ|खाएं|खायें|खाने में|भोजन|आहार|डाइट|परहेज़|परहेज/,
  ],
  [
    'exercise',
    /\b(?:exercises?|workouts?|work out|gym|walk|walking|yoga|jogging|running|physical activity|sports?|kasrat|vyayam|vyayaam)\b|व्यायाम|कसरत|योग|टहल|सैर|एक्सरसाइज़|एक्सरसाइज/,
  ],
  [
    'retest',
    /\b(?:re-?test(?:ed|ing)?|test(?:ed)? again|check(?:ed)? again|re-?check|repeat (?:the |my |this )?(?:tests?|reports?|checkup)|next (?:test|checkup|check-up)|when should i (?:get|do|have|test|check|repeat)|how (?:often|soon) should i|dobara|dubara|phir se (?:test|check|jaanch|janch)|kab (?:test|check|jaanch|janch|karwa\w*|karwau\w*|karau\w*))\b|दोबारा|दुबारा|फिर से (?:जाँच|जांच|टेस्ट)|कब (?:जाँच|जांच|टेस्ट)|अगली (?:जाँच|जांच)/,
  ],
  [
    'doctor',
    /\b(?:which|what kind of|what type of|what sort of) (?:doctor|specialist)s?\b|\bwho should i (?:see|consult|visit|go to|show)\b|\bspecialist\b|\b(?:kaun|kaunsa|kaunse|konsa|konse|kon sa|kis) (?:se |sa |wale )?(?:doctor|specialist)\b|\b(?:kisko|kise) dikha\w*|कौन (?:से|सा) डॉक्टर|किस डॉक्टर|किसे दिखा|किसको दिखा|विशेषज्ञ/,
  ],
];

/** "What should I do?", "how can I lower my sugar?": every aspect at once. */
const WHAT_TO_DO =
  /\bwhat should i do\b|\bwhat (?:can|do) i do\b|\bwhat next\b|\bnext steps?\b|\bhow (?:can|do|should) i (?:improve|reduce|lower|increase|raise|control|bring)\b|\bhow to (?:improve|reduce|lower|increase|raise|control|bring)\b|\blifestyle\b|\bkya karna chahiye\b|\bkya karu\b|\bkya karun\b|\bkaise (?:kam|theek|thik|badha|badhaye|control)\b|क्या करना चाहिए|क्या करूँ|क्या करूं|कैसे कम|कैसे बढ़ा|कैसे ठीक|कैसे कंट्रोल|कैसे नियंत्रित/;

/** Which of food, exercise, retesting and the doctor the question asks about (none: not this kind). */
export function askedAspects(question: string): GuidanceAspect[] {
  const q = question.toLowerCase().replace(MEAL_TIMING, ' ');
  if (WHAT_TO_DO.test(q)) return ['food', 'exercise', 'retest', 'doctor'];
  return ASPECTS.filter(([, re]) => re.test(q)).map(([aspect]) => aspect);
}

const HEAD: Record<GuidanceAspect, Record<Language, string>> = {
  food: { en: 'What to eat', hi: 'क्या खाएँ' },
  exercise: { en: 'Activity', hi: 'व्यायाम' },
  retest: { en: 'Testing again', hi: 'दोबारा जाँच' },
  doctor: { en: 'Which doctor', hi: 'किस डॉक्टर को दिखाएँ' },
};

const CLOSING: Record<Language, string> = {
  en: 'This is general advice, not a treatment plan: please ask your doctor what is right for you before making big changes, and do not start or stop any medicine on your own.',
  hi: 'यह सामान्य सलाह है, इलाज की योजना नहीं: कोई बड़ा बदलाव करने से पहले अपने डॉक्टर से पूछें कि आपके लिए क्या सही है, और अपने आप कोई दवा शुरू या बंद न करें।',
};

const direction = (v: ExtractedValue): 'high' | 'low' | null =>
  v.flag === 'high' || v.flag === 'critical_high'
    ? 'high'
    : v.flag === 'low' || v.flag === 'critical_low'
      ? 'low'
      : null;

function nameOf(v: ExtractedValue, lang: Language): string {
  const a = analyteById(v.canonical_id);
  return lang === 'hi' ? (a?.name.hi ?? v.name) : (a?.name.en ?? v.name);
}

const valueText = (v: ExtractedValue, lang: Language) =>
  lang === 'hi'
    ? `${nameOf(v, lang)} ${fmtValue(v)} (${FLAG_WORDS.hi[v.flag]})`
    : `${nameOf(v, lang)} ${fmtValue(v)} (${FLAG_WORDS.en[v.flag]})`;

function aspectLine(g: Guide, aspect: GuidanceAspect, lang: Language): string {
  if (aspect !== 'doctor') return `- ${HEAD[aspect][lang]}: ${g[aspect][lang]}`;
  const who = g.doctor.who[lang];
  return lang === 'hi'
    ? `- ${HEAD.doctor.hi}: ${who}, ${g.doctor.why.hi}।`
    : `- ${HEAD.doctor.en}: ${/^[aeiou]/i.test(who) ? 'an' : 'a'} ${who}, ${g.doctor.why.en}.`;
}

/**
 * The answer: for the named tests (or, when none is named, every out-of-range value) the guide of
 * each condition once, with the values it is about and the aspects asked for; a value out of range
 * with no guide, and named tests within range, are said plainly. Answers the text and the analytes
 * it quotes.
 */
export function nextStepsAnswer(
  values: ExtractedValue[],
  askedIds: string[],
  aspects: GuidanceAspect[],
  lang: Language,
): { text: string; analytes: string[] } {
  const named = askedIds.length > 0;
  const pool = named ? values.filter((v) => askedIds.includes(v.canonical_id)) : values;
  const out = pool.filter((v) => !v.uncertain && v.flag !== 'normal');
  const groups = new Map<Guide, ExtractedValue[]>();
  const unguided: ExtractedValue[] = [];
  for (const v of out) {
    const dir = direction(v);
    const g = dir ? guideFor(v.canonical_id, dir) : undefined;
    if (!g) unguided.push(v);
    else groups.set(g, [...(groups.get(g) ?? []), v]);
  }
  const parts: string[] = [];
  for (const [g, vs] of groups) {
    const list = vs.map((v) => valueText(v, lang)).join(', ');
    parts.push(
      lang === 'hi'
        ? `${g.label.hi} के लिए (आपकी रिपोर्ट में ${list}):`
        : `For ${g.label.en} (your report: ${list}):`,
      ...aspects.map((a) => aspectLine(g, a, lang)),
    );
  }
  for (const v of unguided) {
    // No guide for this condition: the value, and (when asked) the clinician the knowledge base names.
    const who = analyteById(v.canonical_id)?.specialist?.[lang];
    const doctor = aspects.includes('doctor')
      ? lang === 'hi'
        ? ` इसके लिए ${who ?? 'सामान्य चिकित्सक'} को दिखाएँ।`
        : ` For this, see ${who ? `${/^[aeiou]/i.test(who) ? 'an' : 'a'} ${who}` : 'a general physician'}.`
      : '';
    parts.push(
      lang === 'hi'
        ? `${valueText(v, lang)}: इसके लिए मेरे पास कोई सामान्य सलाह नहीं है; आपके डॉक्टर बताएँगे कि क्या करना है।${doctor}`
        : `${valueText(v, lang)}: I have no general advice for this result; your doctor will tell you what to do.${doctor}`,
    );
  }
  // Within range means judged against one (a value with no range to compare against is not).
  const fine = named ? pool.filter((v) => verdictOf(v).kind === 'read' && v.flag === 'normal') : [];
  if (fine.length) {
    const list = fine.map((v) => `${nameOf(v, lang)} ${fmtValue(v)}`).join(', ');
    parts.push(
      lang === 'hi'
        ? `${list} रिपोर्ट में दी गई सीमा के अंदर है: संतुलित भोजन और नियमित गतिविधि जारी रखें।`
        : `Your ${list} is within the range printed on your report: keep up a balanced diet and regular activity.`,
    );
  }
  if (!parts.length) {
    parts.push(
      named
        ? lang === 'hi'
          ? 'आपकी इस रिपोर्ट में यह जाँच नहीं है।'
          : 'This report does not include that test.'
        : lang === 'hi'
          ? 'आपकी रिपोर्ट के सभी परिणाम दी गई सीमा के अंदर हैं: संतुलित भोजन, नियमित गतिविधि और डॉक्टर की सलाह से नियमित जाँच ही आम तौर पर सुझाई जाती है।'
          : 'All the results on your report are within their printed ranges: a balanced diet, regular activity and check-ups as your doctor advises are what is generally recommended.',
    );
  }
  parts.push(CLOSING[lang]);
  const quoted = [...new Set([...out, ...fine].map((v) => v.canonical_id))];
  return { text: parts.join('\n'), analytes: quoted };
}
