/** The trends page's and chart's own words in English and Hindi (issue 33). */
import { formatNumber } from './format';
import type { Lang } from './i18n';

/** A range's bound grouped the Indian way ("1,50,000"); the texts below never pass a missing one. */
const num = (n: number | null) => (n === null ? '' : formatNumber(n));

const en = {
  intro:
    "How each of your test values moved across your analysed reports, placed at the date each sample was collected. The shaded band is each report's own normal range. You can correct a report's date at the bottom of the page.",
  onlyOne: 'This test appears in only one analysed report so far; a trend needs at least two.',
  none: 'No trends yet',
  noneHint: 'Upload and analyse two or more reports with the same tests to see how they change.',
  upload: 'Upload Report',
  latest: (n: number, total: number) =>
    `The chart shows your latest ${n} of ${total} results; the sentence compares the first with the latest.`,
  values: 'Values',
  /** The value as its report printed it, in another unit ('5.5 mmol/L'). */
  reportedAs: (printed: string) => ` (reported as ${printed})`,
  outOfRange: 'out of range',
  sources: {
    printed: 'sample date printed on the report',
    corrected: 'date you set',
    upload: 'upload date: the report prints no sample date',
  },
  dates: 'Dates of these reports',
  datesHint:
    'Each value sits at the date its sample was collected. If a report has no date printed, or it was read wrongly, choose it and set the right date.',
  correct: "Correct a report's date",
  report: 'Report',
  reportOf: (date: string, source: string) => `Report of ${date} (${source})`,
  sampleDate: 'Sample date',
  save: 'Save date',
  usePrinted: 'Use the printed date',
  // The chart.
  overTime: (name: string, unit: string) => `${name} (${unit}) over time`,
  range: (text: string) => `Reference range ${text}.`,
  rangesDiffer:
    "The reference range differs between reports: each point has its own report's range under it.",
  pointOut: ' (out of range)',
  pointNoRange: ' (no range to compare)',
  pointRange: 'range',
  listed: 'Each value is also written out below the chart.',
  inRange: 'in range',
  /** A value whose report printed no range (decision 249's verdict): never drawn as normal. */
  noRange: 'no range',
  rangeText: (low: number | null, high: number | null, unit: string) =>
    low === null && high === null
      ? 'no range printed'
      : low === null
        ? `up to ${num(high)} ${unit}`
        : high === null
          ? `${num(low)} ${unit} or more`
          : `${num(low)} to ${num(high)} ${unit}`,
};
export type TrendTexts = typeof en;

const hi: TrendTexts = {
  intro:
    'आपकी विश्लेषित रिपोर्ट में हर जाँच का मान समय के साथ कैसे बदला, हर नमूने की तारीख़ पर। छायांकित पट्टी हर रिपोर्ट की अपनी सामान्य सीमा है। पेज के नीचे आप किसी रिपोर्ट की तारीख़ ठीक कर सकते हैं।',
  onlyOne: 'यह जाँच अभी केवल एक विश्लेषित रिपोर्ट में है; रुझान के लिए कम से कम दो चाहिए।',
  none: 'अभी कोई रुझान नहीं',
  noneHint: 'एक जैसी जाँचों वाली दो या ज़्यादा रिपोर्ट अपलोड करें, फिर देखें कि मान कैसे बदलते हैं।',
  upload: 'रिपोर्ट अपलोड करें',
  latest: (n, total) => `चार्ट में आपके ${total} में से सबसे नए ${n} परिणाम हैं; वाक्य पहले और सबसे नए की तुलना करता है।`,
  values: 'मान',
  reportedAs: (printed) => ` (रिपोर्ट में ${printed})`,
  outOfRange: 'सीमा से बाहर',
  sources: {
    printed: 'रिपोर्ट पर छपी नमूने की तारीख़',
    corrected: 'आपकी रखी तारीख़',
    upload: 'अपलोड की तारीख़: रिपोर्ट पर नमूने की तारीख़ नहीं छपी',
  },
  dates: 'इन रिपोर्ट की तारीख़ें',
  datesHint:
    'हर मान उस तारीख़ पर है जब उसका नमूना लिया गया। अगर किसी रिपोर्ट पर तारीख़ नहीं छपी या ग़लत पढ़ी गई, तो उसे चुनकर सही तारीख़ रखें।',
  correct: 'रिपोर्ट की तारीख़ ठीक करें',
  report: 'रिपोर्ट',
  reportOf: (date, source) => `${date} की रिपोर्ट (${source})`,
  sampleDate: 'नमूने की तारीख़',
  save: 'तारीख़ सहेजें',
  usePrinted: 'छपी तारीख़ ही मानें',
  overTime: (name, unit) => `${name} (${unit}) समय के साथ`,
  range: (text) => `सामान्य सीमा ${text}।`,
  rangesDiffer: 'रिपोर्ट के बीच सामान्य सीमा अलग है: हर बिंदु के नीचे उसकी अपनी रिपोर्ट की सीमा है।',
  pointOut: ' (सीमा से बाहर)',
  pointNoRange: ' (तुलना के लिए सीमा नहीं)',
  pointRange: 'सीमा',
  listed: 'हर मान चार्ट के नीचे लिखा भी है।',
  inRange: 'सीमा में',
  noRange: 'सीमा नहीं',
  rangeText: (low, high, unit) =>
    low === null && high === null
      ? 'कोई सीमा नहीं छपी'
      : low === null
        ? `${num(high)} ${unit} तक`
        : high === null
          ? `${num(low)} ${unit} या ज़्यादा`
          : `${num(low)} से ${num(high)} ${unit}`,
};

export function trendTexts(lang: Lang | string | null | undefined): TrendTexts {
  return lang === 'hi' ? hi : en;
}
