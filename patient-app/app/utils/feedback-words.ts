/**
 * The three kinds of feedback in both languages: the buttons' words (i18n.ts) and the dashboard's
 * activity line (messages.ts) share them. A module of its own, so the messages every page loads do
 * not pull in the whole labels table.
 */
export const FEEDBACK_WORDS: Record<
  'en' | 'hi',
  { helpful: string; notHelpful: string; irrelevant: string }
> = {
  en: { helpful: 'Helpful', notHelpful: 'Not helpful', irrelevant: 'Irrelevant' },
  hi: { helpful: 'उपयोगी', notHelpful: 'उपयोगी नहीं', irrelevant: 'असंबंधित' },
};
