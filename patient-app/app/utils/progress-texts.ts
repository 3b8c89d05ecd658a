/**
 * The words of a running analysis's steps (decision 246), English and Hindi: what the worker is
 * doing now, shown beside the spec's "1-2 minutes" line on the analysis page and the free analyzer.
 */
import type { AnalysisStage } from '@reportsaathi/contracts/constants';
import type { Lang } from './i18n';

export interface ProgressTexts {
  title: string;
  stages: Record<AnalysisStage, string>;
  /** Said before the current step's name: "Now: Checking". */
  now: string;
  done: string;
  /** Queued, no step yet. */
  waiting: string;
  /** Without JavaScript: the link that shows the page again (it also reloads itself). */
  refresh: string;
}

const en: ProgressTexts = {
  title: 'Analysis steps',
  stages: {
    reading: 'Reading the file',
    finding: 'Finding results',
    checking: 'Checking',
    explaining: 'Explaining',
  },
  now: 'Now',
  done: 'done',
  waiting: 'Waiting to start',
  refresh: 'Refresh to see the latest step',
};

const hi: ProgressTexts = {
  title: 'विश्लेषण के चरण',
  stages: {
    reading: 'फ़ाइल पढ़ी जा रही है',
    finding: 'परिणाम खोजे जा रहे हैं',
    checking: 'जाँच हो रही है',
    explaining: 'समझाया जा रहा है',
  },
  now: 'अभी',
  done: 'पूरा',
  waiting: 'शुरू होने की प्रतीक्षा',
  refresh: 'नया चरण देखने के लिए पेज फिर से खोलें',
};

export function progressTexts(lang: Lang): ProgressTexts {
  return lang === 'hi' ? hi : en;
}
