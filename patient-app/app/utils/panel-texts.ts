/** The panel's confirmation questions, one place for the dialog and the no-JavaScript page alike. */
import type { Lang } from './i18n';

export function reportDeleteQuestion(filename: string, lang: Lang = 'en'): string {
  return lang === 'hi'
    ? `क्या आप सच में "${filename}" हटाना चाहते हैं? इसके साथ इससे जुड़ी सभी बातचीत और प्रतिक्रिया भी हट जाएगी। इसे वापस नहीं किया जा सकता।`
    : `Are you sure you want to delete "${filename}"? This will also delete all associated chat conversations and feedback. This action cannot be undone.`;
}

export const CHAT_DELETE_TITLE = 'Delete Conversation';
export const CHAT_DELETE_QUESTION =
  'Are you sure you want to delete this conversation? This action cannot be undone.';

export const CHATS_DELETE_ALL_TITLE = 'Delete All Conversations';
export function chatsDeleteAllQuestion(filename: string): string {
  return `Are you sure you want to delete all conversations for "${filename}"? This action cannot be undone.`;
}

/** The same questions in Hindi (the dialog shows the page's language). */
export const CHAT_DELETE_HI = {
  title: 'बातचीत हटाएँ',
  question: 'क्या आप सच में यह बातचीत हटाना चाहते हैं? इसे वापस नहीं किया जा सकता।',
  allTitle: 'सभी बातचीत हटाएँ',
  all: (filename: string) =>
    `क्या आप सच में "${filename}" की सभी बातचीत हटाना चाहते हैं? इसे वापस नहीं किया जा सकता।`,
};
