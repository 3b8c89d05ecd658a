import type { Flag } from '@reportsaathi/contracts';

/**
 * Questions a patient can take to the doctor, per finding (the print page, issue 34): for each
 * value outside its range, what may cause it, whether it needs anything done, when to test again;
 * sooner for a value far outside; a check for a doubtful reading. General questions only: the
 * doctor answers them, the product does not.
 */
interface Finding {
  name: string;
  value: number | string;
  unit: string;
  flag: Flag;
  uncertain?: boolean;
  band?: string | null;
}

const WORDS = {
  en: {
    dir: {
      low: 'low',
      high: 'high',
      critical_low: 'very low',
      critical_high: 'very high',
      abnormal: 'unusual',
    },
    cause: (n: string, d: string, v: string) => `What could make my ${n} ${d} (${v})?`,
    urgent: (n: string) => `My ${n} is far outside its range: how soon should this be looked at?`,
    band: (b: string) => `The report calls this “${b}”: what does that mean for me?`,
    act: 'Does it need treatment, or a change in what I eat or do?',
    retest: (n: string) => `When should I test my ${n} again?`,
    uncertain: (n: string) =>
      `The app could not read my ${n} with certainty: can you check it on the printed report?`,
    allNormal: 'All my values are within their ranges: is there anything else I should have checked?',
  },
  hi: {
    dir: {
      low: 'कम',
      high: 'ज़्यादा',
      critical_low: 'बहुत कम',
      critical_high: 'बहुत ज़्यादा',
      abnormal: 'असामान्य',
    },
    cause: (n: string, d: string, v: string) => `मेरा ${n} ${d} (${v}) होने का क्या कारण हो सकता है?`,
    urgent: (n: string) => `मेरा ${n} अपनी सीमा से बहुत बाहर है: इसे कितनी जल्दी दिखाना चाहिए?`,
    band: (b: string) => `रिपोर्ट इसे “${b}” कहती है: मेरे लिए इसका क्या मतलब है?`,
    act: 'क्या इसके लिए इलाज, या खान-पान या दिनचर्या में बदलाव चाहिए?',
    retest: (n: string) => `मुझे अपना ${n} दोबारा कब जँचवाना चाहिए?`,
    uncertain: (n: string) => `ऐप मेरा ${n} पक्के तौर पर नहीं पढ़ सका: क्या आप छपी रिपोर्ट पर इसे देख लेंगे?`,
    allNormal: 'मेरे सभी मान अपनी सीमा में हैं: क्या मुझे कुछ और भी जँचवाना चाहिए?',
  },
} as const;

export function questionsFor(v: Finding, lang: 'en' | 'hi'): string[] {
  const w = WORDS[lang];
  if (v.uncertain) return [w.uncertain(v.name)];
  if (v.flag === 'normal') return [];
  const reading = `${String(v.value)}${v.unit ? ` ${v.unit}` : ''}`;
  const out: string[] = [];
  if (v.flag === 'critical_low' || v.flag === 'critical_high') out.push(w.urgent(v.name));
  out.push(w.cause(v.name, w.dir[v.flag], reading));
  if (v.band) out.push(w.band(v.band));
  out.push(w.act, w.retest(v.name));
  return out;
}

/** Every finding with its questions, out of range first; one general question when all are in range. */
export function doctorQuestions(
  values: Finding[],
  lang: 'en' | 'hi',
): { finding: string | null; questions: string[] }[] {
  const asked = values
    .map((v) => ({ finding: v.name, questions: questionsFor(v, lang) }))
    .filter((q) => q.questions.length);
  return asked.length ? asked : [{ finding: null, questions: [WORDS[lang].allNormal] }];
}
