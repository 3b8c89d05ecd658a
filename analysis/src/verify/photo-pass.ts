import type { EngineOptions } from '../engine';
import { RELATIONS_FAIL } from '../interpret/cross-check';
import type { ExtractedText } from '../extract/index';
import { ppOcr } from '../extract/second-reader/pp-ocr';
import type { CropReader } from '../extract/second-reader/reader';
import { isNoResult } from '../knowledge/findings';
import type { AnalysisResult, AnalysisStage, Language } from '../types';
import { agreementContext, checkedBySecondReader, numberRead, type SecondReading } from './agree';
import { nameCandidates, nameNote, readNamesAgain, withNames, type NameReading } from './name-again';
import { readValuesAgain, sourceKey, type ValueSource } from './second-reading';
import { seenThroughInk, seenThroughNote } from './through-ink';

export interface PhotoPassOptions {
  /** The engine's analysis of a text (run/thread.ts: capped, errors made AnalysisErrors). */
  analyse: (text: ExtractedText, language: Language, options?: EngineOptions) => AnalysisResult;
  onStage?: (stage: AnalysisStage) => void;
  /** The second reader is switched on (config.ts photoSecondReader). */
  secondReader: boolean;
  reader?: CropReader;
}

/**
 * A photo's analysis with every value it would show as read read again by the second reader
 * (decision 200), numbers and words: the text is analysed once to learn which cells those are,
 * their crops are read, and the text is analysed again with each value kept, made "check it", or
 * — where the readers' numbers differ and only one of them fits the report — shown with a note
 * (agree.ts). Before that, the names of lines whose value reads but whose name matched no test
 * are read again, and a name the second reader reads as one test is put in the text (decision
 * 252, name-again.ts): kept only where the row then reads as that test. The engine's analysis
 * costs milliseconds; the crops' reading, a few hundred.
 */
export async function analyseWithTwoReaders(
  text: ExtractedText,
  language: Language,
  options: PhotoPassOptions,
): Promise<AnalysisResult> {
  const { analyse, onStage } = options;
  const reader = options.reader ?? ppOcr;
  /** The text analysed, noting each value's source and which lines showed a known test. */
  const firstPass = (t: ExtractedText, stages = false) => {
    const sources: ValueSource[] = [];
    const shown = new Map<number, { known: boolean; id: string }>();
    const result = analyse(t, language, {
      // The steps are told once each way through (decision 246): by the first and the last pass.
      ...(stages ? { onStage } : {}),
      eachValue: (v, source) => {
        // A line of two tables side by side holds two values: it is known if either test is.
        const before = shown.get(source.line);
        const known = !v.not_in_knowledge_base;
        if (!before?.known) shown.set(source.line, { known, id: v.canonical_id });
        // Numbers and results in words (a blank or a dash is no result, and is not shown); a number
        // the relations between results made "check it" too, whose second reading they may prove
        // (engine.ts secondReading).
        if (!v.uncertain && (typeof v.value === 'number' || !isNoResult(v.value))) sources.push(source);
        else if (v.uncertain && typeof v.value === 'number' && v.reading_note?.includes(RELATIONS_FAIL))
          sources.push(source);
        return v;
      },
    });
    return { result, sources, shown };
  };
  let pass = firstPass(text, true);
  if (!text.photo || !options.secondReader) return pass.result;
  const present = new Set([
    ...pass.result.values.map((v) => v.canonical_id),
    ...pass.result.unread.flatMap((u) => u.canonical_id ?? []),
  ]);
  let names = await readNamesAgain(text.photo, nameCandidates(text, pass.shown), present, reader);
  let read = text;
  if (names.length) {
    pass = firstPass(withNames(text, names));
    const readsAs = (n: NameReading) => pass.shown.get(n.line)?.id === n.analyte.id;
    // A second reading that names a test but does not read as it on its line ('Monogyres' beside a
    // range unlike the knowledge base's, so the engine's own damaged-name rule refuses it): the
    // test's own name in its place, the row then held to the same reading as any other.
    const renamed = names.map((n) => (readsAs(n) ? n : { ...n, used: n.analyte.name.en }));
    if (renamed.some((n) => n.used)) {
      pass = firstPass(withNames(text, renamed));
      names = renamed;
    }
    const kept = names.filter(readsAs);
    if (kept.length !== names.length) {
      names = kept;
      pass = firstPass(withNames(text, names));
    }
    read = withNames(text, names);
  }
  if (pass.sources.length === 0 && names.length === 0 && !text.photo.colour) return pass.result;
  const readings = pass.sources.length
    ? await readValuesAgain(text.photo, pass.sources, reader)
    : new Map<string, SecondReading>();
  const through = await seenThroughInk(read, text.photo, language, analyse, reader);
  for (const [key, reading] of through.readings) readings.set(key, reading);
  read = through.text;
  // The second reader's number, where it read one, is one more reading the relations may prove.
  const secondReading = (source: ValueSource) => {
    const r = readings.get(sourceKey(source));
    const n = r?.text ? numberRead(r.text) : null;
    return n ? { value: n.value, second: r!.reader } : null;
  };
  // The values both readers agree on, for the relations a disputed one is held to (agree.ts).
  const agreed = analyse(read, language, {
    secondReading,
    eachValue: (v, source) => checkedBySecondReader(v, readings.get(sourceKey(source))),
  });
  const context = agreementContext(agreed.values, agreed.patient);
  const renamed = new Map(names.map((n) => [n.line, n]));
  return analyse(read, language, {
    onStage,
    secondReading,
    eachValue: (v, source) => {
      let checked = checkedBySecondReader(v, readings.get(sourceKey(source)), context);
      if (through.readings.has(sourceKey(source)) && !checked.uncertain) {
        const note = seenThroughNote(reader.name);
        checked = {
          ...checked,
          reading_note: checked.reading_note ? `${checked.reading_note} ${note}` : note,
        };
      }
      const n = renamed.get(source.line);
      if (!n || v.canonical_id !== n.analyte.id) return checked;
      const note = nameNote(n, reader.name);
      return { ...checked, reading_note: checked.reading_note ? `${note} ${checked.reading_note}` : note };
    },
  });
}
