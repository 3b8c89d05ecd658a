import type { Language } from '../types';

/**
 * The language and script of the reply follow the message, not the account setting: a question
 * in Devanagari gets Hindi in Devanagari, one in Latin script gets English, and Hinglish (Hindi
 * typed in Latin script) gets simple English too, except for the crisis reply, which is written
 * out in Hinglish (docs/decisions/046-chat-language-and-topics.md). The account's language is
 * used only when the message has no letters at all ("?", "HbA1c 6.1").
 */
export interface ReplyLanguage {
  lang: Language;
  /** Hindi typed in Latin script. */
  hinglish: boolean;
}

// Words that English does not use but Hinglish typing does, in their common spellings.
const HINGLISH_WORDS = new Set(
  (
    'hai hain hoon hu hun kya kyaa kaisa kaisi kaise mera meri mere mujhe mujhko theek thik tik nahi nahin nhi ' +
    'kitna kitni kitne batao bataiye bataye samjhao samjhaiye zyada jyada bahut kam aur chahiye chahta chahti ' +
    'kyun kyon khoon khun dawai dawa dwai goli raha rahi rahe lagta lagti yeh ye woh wo accha acha sab kuch ' +
    'hoga hogi gaya gayi ki ka ke mein me se ko jaanch janch jaach sehat kaun kaunsa kaunsi konsa konsi ' +
    'marna jeena jina zindagi jindagi kar karna karun karu sakta sakti lunga lungi khudkushi'
  ).split(' '),
);
// 'me', 'ki', 'ka', 'ke', 'ko', 'se', 'ye' alone are too short to decide: two hits are needed.

export function isDevanagari(text: string): boolean {
  return /[\u0900-\u097F]/.test(text);
}

export function isHinglish(text: string): boolean {
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  let hits = 0;
  for (const w of words) if (HINGLISH_WORDS.has(w)) hits++;
  return hits >= 2 || (words.length <= 3 && hits >= 1 && words.length > 0);
}

export function replyLanguage(message: string, preference: Language): ReplyLanguage {
  if (isDevanagari(message)) return { lang: 'hi', hinglish: false };
  if (/[a-z]/i.test(message)) return { lang: 'en', hinglish: isHinglish(message) };
  return { lang: preference === 'hi' ? 'hi' : 'en', hinglish: false };
}
