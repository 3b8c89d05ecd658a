/**
 * Plan names and features as a patient reads them. The three plans the database seeds (migration
 * 2026-11-22-0060: Free, Plus, Family, with their features) are put into Hindi on a Hindi page; the
 * API's stored name is never changed. A plan staff created or renamed in the back office is shown
 * as staff wrote it: only the seeded English words are known here, matched exactly.
 */
import type { Lang } from './i18n';

/** Seeded code → its seeded English name and the Hindi shown for it. */
const SEEDED: Record<string, { en: string; hi: string }> = {
  free: { en: 'Free', hi: 'मुफ़्त' },
  plus: { en: 'Plus', hi: 'प्लस' },
  family: { en: 'Family', hi: 'फ़ैमिली' },
};
const BY_NAME = new Map(Object.values(SEEDED).map((p) => [p.en, p.hi]));

const FEATURES_HI: Record<string, string> = {
  '30 analyses a month': 'महीने में 30 विश्लेषण',
  '500 MB of stored reports': '500 MB तक रिपोर्ट रखने की जगह',
  'Chat about your reports': 'अपनी रिपोर्ट के बारे में चैट',
  'English and Hindi': 'अंग्रेज़ी और हिंदी',
  '200 analyses a month': 'महीने में 200 विश्लेषण',
  '5 GB of stored reports': '5 GB तक रिपोर्ट रखने की जगह',
  'Health trends across reports': 'रिपोर्ट के पार सेहत के रुझान',
  'Priority analysis': 'विश्लेषण में प्राथमिकता',
  'Unlimited analyses': 'असीमित विश्लेषण',
  '20 GB of stored reports': '20 GB तक रिपोर्ट रखने की जगह',
  'Priority support': 'सहायता में प्राथमिकता',
};

/**
 * The plan's name in the page's language. With a `code`, only the seeded plan of that code still
 * under its seeded name is translated (a renamed plan keeps staff's name); without one (the
 * dashboard's stats name only the plan), a seeded name is.
 */
export function planName(name: string, lang: Lang | string | null | undefined, code?: string | null): string {
  if (lang !== 'hi') return name;
  if (code != null) {
    const seeded = SEEDED[code];
    return seeded && seeded.en === name ? seeded.hi : name;
  }
  return BY_NAME.get(name) ?? name;
}

/**
 * A feature that states one of the plan's limits again ("30 analyses a month", "5 GB of stored
 * reports", "Unlimited analyses"): the plan's line already gives its limits from the numbers the
 * API enforces, in the page's language, so these are left out where a plan is described.
 */
export function restatesLimit(feature: string): boolean {
  return /\banalyses\b|\bstored reports\b|\bstorage\b/i.test(feature);
}

/** A plan's feature line in the page's language: a seeded feature in Hindi, any other as written. */
export function planFeature(feature: string, lang: Lang | string | null | undefined): string {
  return lang === 'hi' ? (FEATURES_HI[feature] ?? feature) : feature;
}
