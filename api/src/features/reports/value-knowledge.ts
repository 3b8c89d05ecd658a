import { getAnalyte } from '@reportsaathi/analysis';

/**
 * What the results view (patient-app components/results-view.tsx) shows beside a value and the
 * engine does not store with it: the body system it belongs to (the knowledge base's panel) and
 * one line on what the test measures, in the report's language. Read from the knowledge base at
 * read time, so a value analysed by an older engine gets them too; null for a test the knowledge
 * base does not know.
 *
 * On a Hindi page also the test's Hindi name from the knowledge base (`name_hi`), the same name the
 * Hindi explanation and the trends page use: a lab prints its names in English, and "Haemoglobin"
 * means little to a reader of Hindi. The printed name stays the value's `name` (the lab's name, shown
 * beside it). An English page shows the printed name alone, as the lab wrote it.
 */
export function valueKnowledge(
  canonicalId: string,
  language: 'en' | 'hi',
): { panel: string | null; about: string | null; name_hi: string | null } {
  const analyte = getAnalyte(canonicalId);
  if (!analyte) return { panel: null, about: null, name_hi: null };
  return {
    panel: analyte.panel,
    about: analyte.about[language] || analyte.about.en,
    name_hi: language === 'hi' && analyte.name.hi ? analyte.name.hi : null,
  };
}
