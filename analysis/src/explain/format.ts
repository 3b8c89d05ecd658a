import { fmtNumber } from '../parse/numbers';
import type { ExtractedValue, Language } from '../types';

export function fmtValue(v: ExtractedValue): string {
  // '10-12 /hpf' reads better with its unit; 'Nil' or 'Pale Yellow' have none.
  if (typeof v.value === 'string') return /\d/.test(v.value) && v.unit ? `${v.value} ${v.unit}` : v.value;
  const q = v.qualifier ? v.qualifier : '';
  return `${q}${fmtNumber(v.value)}${v.unit ? ` ${v.unit}` : ''}`;
}

/** The reference as a short phrase: '13.0-17.0', 'below 200', 'above 40', or the printed words. */
export function fmtRange(v: ExtractedValue, lang: Language): string {
  const unit = v.unit ? ` ${v.unit}` : '';
  if (v.ref_low !== null && v.ref_high !== null)
    return `${fmtNumber(v.ref_low)}-${fmtNumber(v.ref_high)}${unit}`;
  if (v.ref_high !== null)
    return lang === 'hi' ? `${fmtNumber(v.ref_high)}${unit} से कम` : `below ${fmtNumber(v.ref_high)}${unit}`;
  if (v.ref_low !== null)
    return lang === 'hi' ? `${fmtNumber(v.ref_low)}${unit} से अधिक` : `above ${fmtNumber(v.ref_low)}${unit}`;
  return v.ref_text.replace(/\s*\n\s*/g, ' / ');
}

export const FLAG_WORDS: Record<Language, Record<string, string>> = {
  en: {
    low: 'low',
    high: 'high',
    critical_low: 'critically low',
    critical_high: 'critically high',
    abnormal: 'not normal',
    normal: 'normal',
  },
  hi: {
    low: 'कम',
    high: 'अधिक',
    critical_low: 'ख़तरनाक स्तर तक कम',
    critical_high: 'ख़तरनाक स्तर तक अधिक',
    abnormal: 'असामान्य',
    normal: 'सामान्य',
  },
};

export const EMERGENCY_LINE: Record<Language, string> = {
  en: 'URGENT: one or more results are at a critical level. Please contact your doctor today or go to the nearest hospital emergency department. In an emergency call 108 (or 102 for an ambulance).',
  hi: 'तुरंत ध्यान दें: एक या अधिक परिणाम ख़तरनाक स्तर पर हैं। कृपया आज ही अपने डॉक्टर से संपर्क करें या नज़दीकी अस्पताल के आपातकालीन विभाग में जाएँ। आपात स्थिति में 108 (या एम्बुलेंस के लिए 102) पर कॉल करें।',
};

export const DISCLAIMER: Record<Language, string> = {
  en: 'This explanation is educational only and does not replace advice from your doctor; it gives no diagnosis, medicine or dosage advice.',
  hi: 'यह जानकारी केवल समझने के लिए है और डॉक्टर की सलाह का विकल्प नहीं है; इसमें कोई निदान, दवा या खुराक की सलाह नहीं दी जाती।',
};
