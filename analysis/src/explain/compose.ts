import type { Analyte, ExtractedValue, Language, PatientInfo, UnreadValue } from '../types';
import { analyteById } from '../parse/match-analyte';
import { DISCLAIMER, EMERGENCY_LINE, FLAG_WORDS, fmtRange, fmtValue } from './format';
import { allReadAndNormal, verdictOf } from '../interpret/verdict';

/**
 * The words of the analysis: summary, key findings (critical first, then out of range, then
 * abnormal qualitative results) and recommendations (which clinician to see about what, when to
 * retest, safe lifestyle pointers), in English or Hindi. Never a diagnosis, a medicine or a dose:
 * what a value "usually means" comes from the knowledge base's plain-language text.
 */
export interface Composed {
  summary: string;
  key_findings: string[];
  recommendations: string[];
}

const RANK: Record<string, number> = {
  critical_low: 0,
  critical_high: 0,
  low: 1,
  high: 1,
  abnormal: 2,
  normal: 3,
};

const PANEL_NAMES: Record<Language, Record<Analyte['panel'], string>> = {
  en: {
    cbc: 'blood count',
    lipid: 'cholesterol (lipid) profile',
    lft: 'liver function',
    kft: 'kidney function',
    thyroid: 'thyroid',
    diabetes: 'blood sugar',
    vitamins: 'vitamins',
    iron: 'iron studies',
    urine: 'urine examination',
    cardiac: 'heart markers',
    inflammation: 'inflammation markers',
    electrolytes: 'electrolytes',
    coagulation: 'clotting tests',
    other: 'other tests',
  },
  hi: {
    cbc: 'ब्लड काउंट (CBC)',
    lipid: 'कोलेस्ट्रॉल (लिपिड प्रोफ़ाइल)',
    lft: 'लिवर फ़ंक्शन',
    kft: 'किडनी फ़ंक्शन',
    thyroid: 'थायरॉइड',
    diabetes: 'ब्लड शुगर',
    vitamins: 'विटामिन',
    iron: 'आयरन जाँच',
    urine: 'पेशाब की जाँच',
    cardiac: 'हृदय संबंधी जाँच',
    inflammation: 'सूजन (इन्फ़्लेमेशन) की जाँच',
    electrolytes: 'इलेक्ट्रोलाइट्स',
    coagulation: 'खून जमने की जाँच',
    other: 'अन्य जाँचें',
  },
};

const LIFESTYLE: Record<Language, Partial<Record<Analyte['panel'], string>>> = {
  en: {
    lipid:
      'Regular physical activity, fewer fried and processed foods, and not smoking help keep cholesterol in a healthy range.',
    diabetes:
      'Cutting down on sugary drinks and sweets, eating regular balanced meals and staying active help blood sugar control.',
    lft: 'Avoid alcohol and do not start any new medicine, herbal or supplement product before discussing these liver results with your doctor.',
    kft: 'Do not start or stop any medicine or painkiller on your own; ask your doctor how much water and salt is right for you.',
    vitamins:
      'Some safe daily sunlight and a varied diet help vitamin levels; ask your doctor before taking any supplement.',
    iron: 'Iron-rich foods (green leafy vegetables, pulses, jaggery) help; ask your doctor before taking any iron tablets.',
    cbc: 'Eat a balanced diet with enough protein, green vegetables and pulses; report fever, bleeding or unusual tiredness to your doctor.',
    urine: 'Drink enough water through the day unless your doctor has told you otherwise.',
    thyroid:
      'Thyroid results can change with illness and medicines; tell your doctor about everything you take.',
  },
  hi: {
    lipid:
      'नियमित व्यायाम, तला-भुना और पैकेट वाला खाना कम करना और धूम्रपान न करना कोलेस्ट्रॉल को ठीक रखने में मदद करता है।',
    diabetes: 'मीठे पेय और मिठाइयाँ कम करना, समय पर संतुलित भोजन और रोज़ चलना-फिरना ब्लड शुगर नियंत्रण में मदद करता है।',
    lft: 'डॉक्टर से इन लिवर परिणामों पर बात करने से पहले शराब न लें और कोई नई दवा, जड़ी-बूटी या सप्लीमेंट शुरू न करें।',
    kft: 'अपने आप कोई दवा या दर्द निवारक शुरू या बंद न करें; पानी और नमक कितना लें, यह डॉक्टर से पूछें।',
    vitamins: 'रोज़ थोड़ी सुरक्षित धूप और विविध भोजन विटामिन के लिए अच्छे हैं; कोई भी सप्लीमेंट लेने से पहले डॉक्टर से पूछें।',
    iron: 'आयरन वाले खाद्य पदार्थ (हरी पत्तेदार सब्ज़ियाँ, दालें, गुड़) मदद करते हैं; आयरन की गोली लेने से पहले डॉक्टर से पूछें।',
    cbc: 'प्रोटीन, हरी सब्ज़ियों और दालों वाला संतुलित भोजन लें; बुखार, खून बहना या असामान्य थकान हो तो डॉक्टर को बताएँ।',
    urine: 'जब तक डॉक्टर ने मना न किया हो, दिन भर पर्याप्त पानी पिएँ।',
    thyroid: 'बीमारी और दवाओं से थायरॉइड के परिणाम बदल सकते हैं; आप जो भी दवा लेते हैं, डॉक्टर को बताएँ।',
  },
};

function nameOf(v: ExtractedValue, lang: Language): string {
  const a = analyteById(v.canonical_id);
  if (lang === 'hi' && a) return a.name.hi;
  return a?.name.en ?? v.name;
}

/**
 * The lab's band for a tiered range ('borderline high') when it says more than the flag: not
 * the normal bands, nor a band named as the flag itself ('High' beside high).
 */
function bandBeyondFlag(v: ExtractedValue): string | undefined {
  const band = v.band?.trim().toLowerCase();
  if (!band || /^(normal|desirable|optimal)$/.test(band) || band === FLAG_WORDS.en[v.flag].toLowerCase())
    return undefined;
  return v.band ?? undefined;
}

function finding(v: ExtractedValue, lang: Language): string {
  const a = analyteById(v.canonical_id);
  const flagWord = FLAG_WORDS[lang][v.flag];
  const band = bandBeyondFlag(v);
  const range = fmtRange(v, lang);
  const source = v.ref_source === 'knowledge_base';
  if (lang === 'hi') {
    let s = `${nameOf(v, 'hi')}: ${fmtValue(v)} — ${flagWord}${band ? ` (${band})` : ''}`;
    if (range) s += ` (${source ? 'सामान्य वयस्क सीमा' : 'रिपोर्ट में दी गई सीमा'}: ${range})`;
    s += '।';
    const meaning = v.flag.endsWith('low') ? a?.low?.hi : v.flag.endsWith('high') ? a?.high?.hi : undefined;
    if (meaning) s += ` ${meaning}`;
    return s;
  }
  let s = `${nameOf(v, 'en')} is ${fmtValue(v)}, ${band ? `${band} (${flagWord})` : flagWord}`;
  if (range) s += ` (${source ? 'usual adult range' : 'reference on your report'}: ${range})`;
  s += '.';
  const meaning = v.flag.endsWith('low') ? a?.low?.en : v.flag.endsWith('high') ? a?.high?.en : undefined;
  if (meaning) s += ` ${meaning}`;
  if (v.not_in_knowledge_base) s += ' This test is shown as printed; we cannot explain it further.';
  return s;
}

/**
 * A value read with nothing to judge it by (interpret/verdict.ts, decision 249): no range printed
 * or read whole, no mark of the lab's, and a unit only a guess could give. Said as such, never
 * as normal.
 */
function noRangeFinding(v: ExtractedValue, lang: Language): string {
  if (lang === 'hi')
    return `${nameOf(v, 'hi')}: ${fmtValue(v)} — तुलना के लिए कोई सीमा नहीं मिली, इसलिए हम नहीं कह सकते कि यह सामान्य है या नहीं; कृपया इसे अपनी रिपोर्ट या डॉक्टर से जाँचें।`;
  return `${nameOf(v, 'en')} is ${fmtValue(v)}: there is no range to compare it against, so we cannot say whether it is normal; please check it with your report or your doctor.`;
}

/**
 * Results that could not be read, critical ones first and by name, so that a patient never
 * mistakes a missing potassium for a normal one.
 */
function unreadLines(unread: UnreadValue[], values: ExtractedValue[], lang: Language): string[] {
  const doubtful = values.filter((v) => verdictOf(v).kind === 'check');
  const items = [
    ...unread.map((u) => ({
      name: u.canonical_id ? (analyteById(u.canonical_id)?.name[lang] ?? u.name) : u.name,
      critical: u.critical,
      marked: null,
    })),
    ...doubtful.map((v) => ({
      name: nameOf(v, lang),
      critical: !!analyteById(v.canonical_id)?.critical,
      // The lab's own high/low mark read beside a doubtful value, quoted (interpret/verdict.ts).
      marked: (() => {
        const verdict = verdictOf(v);
        return verdict.kind === 'check' ? verdict.mark : null;
      })(),
    })),
  ].sort((a, b) => Number(b.critical) - Number(a.critical));
  return items.map((i) => {
    if (lang === 'hi') {
      const mark = i.marked ? `; रिपोर्ट में इसे ${i.marked === 'high' ? 'ज़्यादा' : 'कम'} का निशान लगा है` : '';
      return `हम आपका ${i.name} परिणाम साफ़ नहीं पढ़ सके${mark}; कृपया छपी हुई रिपोर्ट में इसे देखें${i.critical ? ' — यह एक ज़रूरी जाँच है' : ''}।`;
    }
    const mark = i.marked ? `; the report marks it ${i.marked}` : '';
    return `We could not read your ${i.name.toLowerCase()} result clearly${mark}; please check it on the printed report${i.critical ? ' (this is an important test)' : ''}.`;
  });
}

/**
 * The top of a report with rows the checks could not trust (a misread value, a relation between
 * results that fails): how many, and that they are not interpreted until checked.
 */
function suspectLine(values: ExtractedValue[], lang: Language): string {
  const doubtful = values.filter((v) => verdictOf(v).kind === 'check');
  const names = doubtful.map((v) => nameOf(v, lang)).join(', ');
  if (lang === 'hi') {
    return `${doubtful.length} परिणाम (${names}) साफ़ नहीं पढ़े जा सके, इसलिए उनकी व्याख्या नहीं की गई है; कृपया उन्हें छपी हुई रिपोर्ट में देखें।`;
  }
  return doubtful.length === 1
    ? `One result (${names}) could not be read clearly, so it is not interpreted here; please check it on the printed report.`
    : `${doubtful.length} results (${names}) could not be read clearly, so they are not interpreted here; please check them on the printed report.`;
}

function modalityName(type: string, lang: Language): string {
  const en: Record<string, string> = {
    x_ray: 'X-ray',
    ct_scan: 'CT scan',
    mri: 'MRI',
    ultrasound: 'ultrasound',
  };
  const hi: Record<string, string> = {
    x_ray: 'एक्स-रे',
    ct_scan: 'सीटी स्कैन',
    mri: 'एमआरआई',
    ultrasound: 'अल्ट्रासाउंड',
  };
  return (lang === 'hi' ? hi : en)[type] ?? (lang === 'hi' ? 'इमेजिंग' : 'imaging');
}

export function composeNotMedical(lang: Language): Composed {
  return lang === 'hi'
    ? {
        summary:
          'यह दस्तावेज़ मेडिकल रिपोर्ट जैसा नहीं लगता, इसलिए इसका विश्लेषण नहीं किया गया। इसमें कोई जाँच परिणाम नहीं मिला। कृपया लैब जाँच या स्कैन की रिपोर्ट अपलोड करें।',
        key_findings: ['यह मेडिकल रिपोर्ट नहीं लगती; कोई जाँच परिणाम नहीं मिला।'],
        recommendations: [
          'व्याख्या पाने के लिए अपनी लैब रिपोर्ट या रेडियोलॉजी रिपोर्ट (PDF, फ़ोटो या टेक्स्ट) अपलोड करें।',
        ],
      }
    : {
        summary:
          'This document does not look like a medical report, so it was not analysed. No test results were found in it. Please upload a lab test or scan report.',
        key_findings: ['This does not look like a medical report; no test results were found.'],
        recommendations: [
          'Upload a lab report or a radiology report (PDF, photo or text file) to get an explanation.',
        ],
      };
}

export function composeOtherMedical(lang: Language): Composed {
  return lang === 'hi'
    ? {
        summary:
          'यह एक मेडिकल दस्तावेज़ (जैसे डिस्चार्ज समरी या पर्चा) लगता है, लैब जाँच की रिपोर्ट नहीं। इसमें कोई लैब वैल्यू नहीं मिली, इसलिए तुलना के लिए कोई परिणाम नहीं है।',
        key_findings: ['इस दस्तावेज़ में कोई लैब जाँच परिणाम नहीं मिला।'],
        recommendations: [
          'इसमें लिखी दवाओं और सलाह के बारे में अपने इलाज करने वाले डॉक्टर से ही बात करें; यह सेवा दवा या खुराक की सलाह नहीं देती।',
          DISCLAIMER.hi,
        ],
      }
    : {
        summary:
          'This looks like a medical document (such as a discharge summary or prescription) rather than a lab test report. No lab values were found in it, so there are no results to compare with reference ranges.',
        key_findings: ['No lab test results were found in this document.'],
        recommendations: [
          'Discuss the medicines and advice in this document with your treating doctor; this service does not give medicine or dosage advice.',
          DISCLAIMER.en,
        ],
      };
}

export function composeRadiology(reportType: string, impressions: string[], lang: Language): Composed {
  const modality = modalityName(reportType, lang);
  if (lang === 'hi') {
    return {
      summary: impressions.length
        ? `यह ${modality} की रिपोर्ट है। रेडियोलॉजिस्ट के निष्कर्ष (इम्प्रेशन) में ${impressions.length} बातें लिखी हैं, जो नीचे उन्हीं के शब्दों में दी गई हैं। इनका आपके लिए क्या अर्थ है, यह जाँच लिखने वाले डॉक्टर से समझें।`
        : `यह ${modality} की रिपोर्ट लगती है, लेकिन इसमें निष्कर्ष (इम्प्रेशन) वाला भाग पढ़ा नहीं जा सका। कृपया पूरी रिपोर्ट अपने डॉक्टर को दिखाएँ।`,
      key_findings: impressions,
      recommendations: [
        `यह ${modality} रिपोर्ट उस डॉक्टर को दिखाएँ जिन्होंने जाँच लिखी थी; वही बताएँगे कि इन निष्कर्षों का आपके लिए क्या अर्थ है।`,
        'अगर पहले की कोई स्कैन या एक्स-रे रिपोर्ट है तो तुलना के लिए साथ ले जाएँ।',
        DISCLAIMER.hi,
      ],
    };
  }
  return {
    summary: impressions.length
      ? `This is a ${modality} report. The radiologist's impression lists ${impressions.length === 1 ? 'one point' : `${impressions.length} points`}, shown below in the radiologist's own words. Please go through them with the doctor who asked for the scan.`
      : `This looks like a ${modality} report, but its impression section could not be read. Please show the full report to your doctor.`,
    key_findings: impressions,
    recommendations: [
      `Show this ${modality} report to the doctor who requested it; they can explain what the findings mean for you.`,
      'Take any earlier scans or X-rays along so they can be compared.',
      DISCLAIMER.en,
    ],
  };
}

export function composeLab(
  allValues: ExtractedValue[],
  _patient: PatientInfo,
  lang: Language,
  unread: UnreadValue[] = [],
  unreadPrinted: string[] = [],
): Composed {
  // A doubtful reading is not flagged: it is listed as unread at the top instead.
  const values = allValues.filter((v) => verdictOf(v).kind !== 'check');
  // Read, but with nothing to judge it by: never counted as within range (decision 249).
  const noRange = values.filter((v) => verdictOf(v).kind === 'no_range');
  const notices = unreadLines(unread, allValues, lang);
  // Every result-looking line read and every row read and normal: only then may everything be
  // called in range (interpret/verdict.ts). A test named but not read, or no result read at all,
  // is never "all within range" (decision 180).
  const allNormal = allReadAndNormal(allValues, unread, unreadPrinted);
  const ordered = [...values].sort((a, b) => RANK[a.flag] - RANK[b.flag]);
  const critical = ordered.filter((v) => v.flag.startsWith('critical'));
  const outOfRange = ordered.filter((v) => v.flag === 'low' || v.flag === 'high');
  const abnormal = ordered.filter((v) => v.flag === 'abnormal');
  const flagged = [...critical, ...outOfRange, ...abnormal];
  const panels = [...new Set(values.map((v) => analyteById(v.canonical_id)?.panel ?? 'other'))];
  const panelList = panels.map((p) => PANEL_NAMES[lang][p]).join(', ');

  // Ranges of ours (the report printed none) are not called printed ones.
  const allPrinted = values.every((v) => v.ref_source === 'report');
  const key_findings = flagged.slice(0, 12).map((v) => finding(v, lang));
  key_findings.push(...noRange.slice(0, 6).map((v) => noRangeFinding(v, lang)));
  const inRange = values.length - flagged.length - noRange.length;
  if (allNormal) {
    key_findings.push(
      lang === 'hi'
        ? `सभी ${values.length} परिणाम ${allPrinted ? 'रिपोर्ट में दी गई' : 'अपनी'} सामान्य सीमा के भीतर हैं।`
        : `All ${values.length} results are within ${allPrinted ? 'the reference ranges printed on the report' : 'their reference ranges'}.`,
    );
  } else if (flagged.length > 12) {
    key_findings.push(
      lang === 'hi'
        ? `${flagged.length - 12} और परिणाम सीमा से बाहर हैं; पूरी सूची नीचे तालिका में है।`
        : `${flagged.length - 12} more results are outside their range; see the full table.`,
    );
  }

  let summary: string;
  const names = (list: ExtractedValue[]) => list.map((v) => nameOf(v, lang)).join(', ');
  if (lang === 'hi') {
    summary = values.length
      ? `आपकी रिपोर्ट में ${values.length} जाँच परिणाम मिले (${panelList})।`
      : 'आपकी रिपोर्ट का कोई भी परिणाम साफ़ नहीं पढ़ा जा सका।';
    if (critical.length) summary = `${EMERGENCY_LINE.hi} ${summary} ख़तरनाक स्तर पर: ${names(critical)}।`;
    if (outOfRange.length) summary += ` सीमा से बाहर: ${names(outOfRange)}।`;
    if (abnormal.length) summary += ` असामान्य: ${names(abnormal)}।`;
    if (noRange.length)
      summary += ` तुलना के लिए सीमा नहीं: ${names(noRange)}; कृपया इन्हें अपनी रिपोर्ट या डॉक्टर से जाँचें।`;
    if (allNormal) summary += ` सभी परिणाम ${allPrinted ? 'रिपोर्ट में दी गई' : 'अपनी'} सामान्य सीमा के भीतर हैं।`;
    else if (inRange > 0 && !flagged.length && !noRange.length)
      summary += ' पढ़े गए सभी परिणाम सामान्य सीमा के भीतर हैं।';
    else if (inRange > 0) summary += ` बाकी ${inRange} परिणाम सामान्य सीमा में हैं।`;
  } else {
    summary = values.length
      ? `Your report has ${values.length} test result${values.length === 1 ? '' : 's'} (${panelList}).`
      : 'No result on your report could be read clearly.';
    if (critical.length) summary = `${EMERGENCY_LINE.en} ${summary} At a critical level: ${names(critical)}.`;
    if (outOfRange.length) summary += ` Outside the reference range: ${names(outOfRange)}.`;
    if (abnormal.length) summary += ` Not normal: ${names(abnormal)}.`;
    if (noRange.length)
      summary += ` No range to compare against: ${names(noRange)}; please check ${noRange.length === 1 ? 'it' : 'them'} with your report or your doctor.`;
    if (allNormal)
      summary += ` All of them are within ${allPrinted ? 'the reference ranges printed on the report' : 'their reference ranges'}.`;
    else if (inRange > 0 && !flagged.length && !noRange.length)
      summary += ' The results we could read are within their reference ranges.';
    else if (inRange === 1) summary += ' The other one is within range.';
    else if (inRange > 1) summary += ` The other ${inRange} are within range.`;
  }

  // Nothing read although tests are named: the layout is what failed, said as such (decision 180).
  if (values.length === 0) {
    const listed = unread.map((u) => u.name).slice(0, 8);
    summary =
      lang === 'hi'
        ? `हम इस रिपोर्ट के लेआउट से परिणाम नहीं पढ़ सके${listed.length ? `: ${listed.join(', ')}` : ''}। कृपया इन्हें छपी हुई रिपोर्ट पर देखें।`
        : `We could not read the results of this layout${listed.length ? `: ${listed.join(', ')}` : ''}; please check them on the printed report.`;
  }

  const recommendations: string[] = [];
  if (critical.length) recommendations.push(EMERGENCY_LINE[lang]);
  // One line per clinician, naming the values to discuss.
  const bySpecialist = new Map<string, ExtractedValue[]>();
  for (const v of flagged) {
    const a = analyteById(v.canonical_id);
    const who = a?.specialist?.[lang] ?? (lang === 'hi' ? 'सामान्य चिकित्सक' : 'general physician');
    bySpecialist.set(who, [...(bySpecialist.get(who) ?? []), v]);
  }
  for (const [who, list] of bySpecialist) {
    recommendations.push(
      lang === 'hi'
        ? `${names(list)} के ${list.length > 1 ? 'परिणामों' : 'परिणाम'} के बारे में ${who} से बात करें।`
        : `Discuss your ${names(list)} result${list.length > 1 ? 's' : ''} with ${/^[aeiou]/i.test(who) ? 'an' : 'a'} ${who}.`,
    );
  }
  if (flagged.length && !critical.length) {
    recommendations.push(
      lang === 'hi'
        ? 'डॉक्टर से पूछें कि ये जाँचें दोबारा कब करानी चाहिए; अक्सर कुछ हफ़्तों से तीन महीने के भीतर दोहराई जाती हैं।'
        : 'Ask your doctor when to repeat these tests; out-of-range values are often rechecked within a few weeks to three months.',
    );
  }
  const flaggedPanels = [...new Set(flagged.map((v) => analyteById(v.canonical_id)?.panel ?? 'other'))];
  for (const p of flaggedPanels) {
    const tip = LIFESTYLE[lang][p];
    if (tip && recommendations.length < 8) recommendations.push(tip);
  }
  if (!flagged.length) {
    recommendations.push(
      lang === 'hi'
        ? 'अपने डॉक्टर की सलाह के अनुसार नियमित स्वास्थ्य जाँच कराते रहें।'
        : 'Keep up routine health check-ups as your doctor advises.',
    );
  }
  recommendations.push(DISCLAIMER[lang]);
  // Printed lines that look like results but could not be read open the summary.
  if (unreadPrinted.length) {
    const n = unreadPrinted.length;
    const list = unreadPrinted
      .slice(0, 6)
      .map((l) => `"${l}"`)
      .join('; ');
    const more = n > 6 ? (lang === 'hi' ? ` और ${n - 6} और` : ` and ${n - 6} more`) : '';
    const notice =
      lang === 'hi'
        ? `हम आपकी रिपोर्ट की ${n} पंक्तियाँ नहीं पढ़ सके; कृपया इन्हें छपी हुई रिपोर्ट में देखें: ${list}${more}।`
        : `We could not read ${n} line${n === 1 ? '' : 's'} of your report; please check ${n === 1 ? 'it' : 'them'} on the printed report: ${list}${more}.`;
    summary = `${notice} ${summary}`;
    key_findings.unshift(notice);
  }
  // What could not be read leads; a critical test among it also opens the summary.
  if (notices.length) {
    key_findings.unshift(...notices);
    const critical =
      unread.some((u) => u.critical) ||
      allValues.some((v) => verdictOf(v).kind === 'check' && analyteById(v.canonical_id)?.critical);
    if (allValues.some((v) => verdictOf(v).kind === 'check'))
      summary = `${suspectLine(allValues, lang)} ${summary}`;
    if (critical) summary = `${notices[0]} ${summary}`;
  }
  return { summary, key_findings, recommendations };
}
