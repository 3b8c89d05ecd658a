import type { Analyte } from '../../types';
import { SPECIALIST } from '../specialists';

/*
 * The Widal test (typhoid and paratyphoid fever): for each antigen the lab prints the highest
 * dilution of serum that still agglutinates, a titre ('1:160'). A titre is judged against the
 * significant titre, printed beside it ('1:80 and above') or, when none is printed, the one most
 * Indian labs use (O 1:80, H 1:160): at or above it the titre is significant (not normal).
 */

const ABOUT = {
  en: 'The Widal test looks for antibodies against the typhoid and paratyphoid bacteria; a titre is how far the serum could be diluted and still react.',
  hi: 'विडाल जाँच टाइफ़ाइड और पैराटाइफ़ाइड बैक्टीरिया के विरुद्ध एंटीबॉडी देखती है; टाइटर बताता है कि सीरम को कितना पतला करने पर भी प्रतिक्रिया हुई।',
};
const HIGH = {
  en: 'A significant titre supports typhoid or paratyphoid fever but does not prove it on its own (past infection and vaccination raise it too); a blood culture is the surer test, and a doctor decides with your symptoms.',
  hi: 'महत्वपूर्ण टाइटर टाइफ़ाइड या पैराटाइफ़ाइड बुखार का समर्थन करता है पर अकेले इसे सिद्ध नहीं करता (पुराना संक्रमण और टीका भी इसे बढ़ाते हैं); ब्लड कल्चर अधिक भरोसेमंद जाँच है, और डॉक्टर आपके लक्षणों के साथ निर्णय लेते हैं।',
};

function widal(id: string, en: string, hi: string, antigen: string[], titre: number): Analyte {
  // 'S. Typhi O', 'Salmonella typhi O', 'S. Typhi "O" antigen', 'Typhi O'
  const names = antigen.flatMap((a) => [
    `s ${a}`,
    `salmonella ${a}`,
    a,
    `s ${a} antigen`,
    `salmonella ${a} antigen`,
    `widal ${a}`,
  ]);
  return {
    id,
    loinc: null,
    panel: 'other',
    name: { en, hi },
    synonyms: names,
    kind: 'qualitative',
    unit: '',
    units: {},
    reference: { normal_text: ['no agglutination', 'not significant', 'negative', 'nil'], titre },
    about: ABOUT,
    high: HIGH,
    specialist: SPECIALIST.physician,
  };
}

export const widalAnalytes: Analyte[] = [
  widal('widal_typhi_o', 'Widal: S. Typhi O', 'विडाल: एस. टाइफ़ी O', ['typhi o', 'typhi to'], 80),
  widal('widal_typhi_h', 'Widal: S. Typhi H', 'विडाल: एस. टाइफ़ी H', ['typhi h', 'typhi th'], 160),
  widal(
    'widal_paratyphi_ah',
    'Widal: S. Paratyphi AH',
    'विडाल: एस. पैराटाइफ़ी AH',
    ['paratyphi ah', 'paratyphi a h', 'paratyphi a', 'paratyphi a (h)'],
    160,
  ),
  widal(
    'widal_paratyphi_bh',
    'Widal: S. Paratyphi BH',
    'विडाल: एस. पैराटाइफ़ी BH',
    ['paratyphi bh', 'paratyphi b h', 'paratyphi b', 'paratyphi b (h)'],
    160,
  ),
];
