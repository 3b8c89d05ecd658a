/**
 * Which chat messages staff must see, decided from the text alone (English, Hindi in Devanagari,
 * Hinglish in Latin script). Pure and synchronous so the chat, the moderation queue and any
 * back-fill can share it: the same words always give the same verdict.
 *
 * - self_harm (severity high): the person may be thinking of suicide or of hurting themselves.
 *   The chat then answers only with care and crisis numbers, never with report data.
 * - abuse (severity medium): slurs or insults aimed at the assistant or someone else.
 *
 * Worry about an illness ("will high sugar kill me?", "am I going to die?") is not self-harm:
 * what marks self-harm is wanting to die or to hurt oneself, so negated wishes ("I don't want to
 * die of a heart attack") are not flagged either.
 */
export type SafetyKind = 'self_harm' | 'abuse';
export type SafetySeverity = 'high' | 'medium';

export interface SafetyVerdict {
  kind: SafetyKind | null;
  severity: SafetySeverity | null;
}

const SAFE: SafetyVerdict = { kind: null, severity: null };

/** The severity that goes with each kind (one place, so the queue and the chat agree). */
export const SEVERITY_OF: Record<SafetyKind, SafetySeverity> = { self_harm: 'high', abuse: 'medium' };

// English. "want(s) to die", "wanna die", but not "don't / do not want to die".
const SELF_HARM_EN = new RegExp(
  [
    String.raw`\bsuicid(?:e|al|ing)\b`,
    String.raw`\bkill(?:ing)? my ?self\b`,
    String.raw`\b(?:end|ending|ended|take|taking|finish|finishing) (?:my|my own) li(?:fe|ves)\b`,
    String.raw`\bend (?:it|everything) all\b`,
    String.raw`\bend it all\b`,
    String.raw`(?<!\bdon'?t |\bdo not |\bnever |\bnot )\b(?:want|wants|wanted|wanting|wish|wishing) to die\b`,
    String.raw`\bwanna die\b`,
    String.raw`\bwish (?:i|i'?d) (?:was|were|had) (?:dead|never been born)\b`,
    String.raw`\bbetter off dead\b`,
    String.raw`\b(?:don'?t|do not|no longer) want to (?:live|be alive|exist)\b`,
    String.raw`\bno (?:reason|point) (?:to|in) (?:live|living|go on|going on)\b`,
    String.raw`\bnot worth living\b`,
    String.raw`\bcan'?t go on\b`,
    String.raw`\b(?:hurt|harm|cut|cutting|hurting|harming) my ?self\b`,
    String.raw`\bself[- ]?harm\b`,
    String.raw`\btake all (?:my|the) (?:pills|tablets|medicines?)\b`,
    String.raw`\boverdose on purpose\b`,
    // Paraphrases people use when they do not say "suicide".
    String.raw`\bwant(?:s|ed)? to end it\b`,
    String.raw`\bend it (?:all|now|tonight|today)\b`,
    String.raw`\b(?:everyone|everybody|they|my family|the world)(?:'d| would)? (?:be )?better off without me\b`,
    String.raw`\bcan'?t (?:take|do) (?:this|it) any ?more\b`,
    String.raw`\b(?:nothing|no ?one|nobody) (?:left )?to live for\b`,
    String.raw`\b(?:don'?t|do not) want to (?:wake up|be here any ?more)\b`,
    String.raw`\blife is (?:not|no longer) worth\b`,
    String.raw`\bgive up on (?:my )?life\b`,
  ].join('|'),
  'i',
);

// Hinglish in Latin script, spelled as people type it (hoon/hu/hun, chahta/chahti/chahata).
const SELF_HARM_HINGLISH = new RegExp(
  [
    String.raw`\b(?:marna|mar jana|mar jaana|marjana|mrna) (?:chahta|chahti|chahata|chahte|chata|chati)\b`,
    String.raw`\bmar (?:jaun|jau|jaaun|jaoon|jaunga|jaungi|jaaunga|jaaungi)\b`,
    String.raw`\bkhud ?(?:kushi|khushi)\b`,
    String.raw`\bsuicide (?:kar|karna|karunga|karungi|karlu|kar lu|kar lunga|kar lungi)\b`,
    String.raw`\b(?:jeena|jina|jeene|jine) (?:nahi|nhi|nahin|nai) (?:chahta|chahti|chahata|chata|chati|hai)\b`,
    String.raw`\b(?:jeene|jine) ka (?:mann|man|mn) (?:nahi|nhi|nahin|nai)\b`,
    String.raw`\b(?:zindagi|zindgi|jindagi|jindgi) (?:khatam|khatm) (?:kar|karna|karni|karunga|karungi)\b`,
    String.raw`\b(?:apni|apna) (?:jaan|jan) (?:le|lena|lelu|le lu|le lunga|le lungi|de|dena)\b`,
    String.raw`\b(?:khud|apne aap) ko (?:nuksan|nuksaan|nukshan|chot|hurt|khatam)\b`,
    String.raw`\b(?:jeene|jine) ki (?:koi )?(?:wajah|vajah|wajh|ichha|iccha|umeed|ummeed) (?:nahi|nhi|nahin|nai)\b`,
    String.raw`\b(?:zindagi|zindgi|jindagi|jindgi) se (?:thak|haar|tang)\w*`,
    String.raw`\bsab (?:khatam|khatm) kar (?:du|dun|doon|dunga|dungi|lu|lunga|lungi)\b`,
    String.raw`\bmar (?:jana|jaana) (?:behtar|better)\b`,
    String.raw`\bmujhe (?:nahi|nhi|nahin) jeena\b`,
  ].join('|'),
  'i',
);

// Hindi in Devanagari (with and without nukta, both spellings of chandrabindu).
const SELF_HARM_HI = new RegExp(
  [
    'आत्महत्या',
    'आत्म-हत्या',
    'ख़ुदकुशी',
    'खुदकुशी',
    'ख़ुद\\s?कुशी',
    'खुद\\s?कुशी',
    'मरना\\s+चाह(?:ता|ती|ते)',
    'मर\\s+जाना\\s+चाह(?:ता|ती|ते)',
    'मर\\s+जा(?:ऊं|ऊँ|उं|उँ|ऊंगा|ऊँगा|ऊंगी|ऊँगी)',
    'जीना\\s+नहीं\\s+चाह(?:ता|ती|ते)',
    'जीने\\s+का\\s+मन\\s+नहीं',
    'जीने\\s+की\\s+इच्छा\\s+नहीं',
    '(?:ज़िंदगी|जिंदगी|ज़िन्दगी|जिन्दगी|जीवन)\\s+(?:ख़त्म|खत्म|समाप्त)\\s+कर',
    'अपनी\\s+जान\\s+(?:ले|दे)',
    'जान\\s+दे\\s+(?:दूं|दूँ|दूंगा|दूँगा|दूंगी|दूँगी)',
    '(?:ख़ुद|खुद|अपने\\s+आप)\\s+को\\s+(?:नुकसान|नुक़सान|चोट|ख़त्म|खत्म)',
    'जीने\\s+की\\s+(?:कोई\\s+)?(?:वजह|इच्छा|उम्मीद)\\s+नहीं',
    '(?:ज़िंदगी|जिंदगी|ज़िन्दगी|जिन्दगी)\\s+से\\s+(?:थक|हार|तंग)',
    'सब\\s+(?:ख़त्म|खत्म)\\s+कर\\s+(?:दूं|दूँ|दूंगा|दूँगा|दूंगी|दूँगी|लूं|लूँ)',
    'मर\\s+जाना\\s+(?:बेहतर|अच्छा)',
    'मुझे\\s+नहीं\\s+जीना',
    'मेरे\\s+बिना\\s+सब\\s+(?:ठीक|बेहतर|ख़ुश|खुश)',
  ].join('|'),
);

// Slurs and profanity: abusive whoever they are aimed at.
const ABUSE_STRONG = new RegExp(
  [
    String.raw`\bf+u+c+k+\w*`,
    String.raw`\bf\*+k\w*`,
    String.raw`\bmotherf\w*`,
    String.raw`\bbastards?\b`,
    String.raw`\bbitch(?:es)?\b`,
    String.raw`\ba+ss+hole\w*`,
    String.raw`\bdickhead\w*`,
    String.raw`\bch[uo]+t(?:i|iy|iye|iya|ya|ye|iyo)\w*`,
    String.raw`\bbh?(?:e|a)h?e?n ?ch[o0]+d\w*`,
    String.raw`\bmaa?d(?:a|e)r ?ch[o0]+d\w*`,
    String.raw`\bbh?o?sdi?(?:ke|k)\b`,
    String.raw`\bbsdk\b`,
    String.raw`\bgaa?ndu\b`,
    String.raw`\bharaa?mi?(?:zaade|zade|khor)?\b`,
    String.raw`\bsaa?l(?:a|e) (?:kutt|harami|kamine|gadhe)\w*`,
    'चूतिय',
    'चुतिय',
    'भेनचोद',
    'बहनचोद',
    'बहन\\s?चोद',
    'मादरचोद',
    'मादर\\s?चोद',
    'भोसड़ी',
    'भोसडी',
    'हरामी',
    'हरामज़ादे',
    'हरामजादे',
    'गांडू',
    'गाँडू',
  ].join('|'),
  'i',
);

// Milder insults count only when aimed at someone, within three words of "you", "tum", "तुम"...:
// "you idiot", "tum pagal ho", "तुम बेवकूफ हो", "stupid bot"; but not "kutte ne kata" (a dog bite).
const INSULTS = new Set(
  (
    'idiot idiots stupid moron dumb dumbass useless shit shitty bewakoof bevkoof bewkoof pagal gadha gadhe ' +
    'ullu kamina kameena kamine kameene kutta kutte kutti बेवकूफ बेवकूफ़ पागल गधे गधा उल्लू कमीने कमीना कुत्ते कुत्ता'
  ).split(' '),
);
const AIMED = new Set("you u ur your you're youre tum tu tumhe tujhe bot app तुम तू तुझे तुम्हें".split(' '));

function insultAimed(text: string): boolean {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{M}']+/u)
    .filter(Boolean);
  const aimedAt = words.flatMap((w, i) => (AIMED.has(w) ? [i] : []));
  return words.some((w, i) => INSULTS.has(w) && aimedAt.some((j) => Math.abs(i - j) <= 3));
}

/** Classifies one message. Self-harm wins over abuse (an angry message about dying is a crisis). */
export function classifySafety(text: string): SafetyVerdict {
  const t = (text ?? '').normalize('NFC').replace(/[’‘`]/g, "'").replace(/\s+/g, ' ');
  if (SELF_HARM_EN.test(t) || SELF_HARM_HINGLISH.test(t) || SELF_HARM_HI.test(t))
    return { kind: 'self_harm', severity: SEVERITY_OF.self_harm };
  if (ABUSE_STRONG.test(t) || insultAimed(t)) return { kind: 'abuse', severity: SEVERITY_OF.abuse };
  return SAFE;
}

/**
 * The chats.flag_reason written for an automatic flag: `auto:<kind>:<severity>`, for example
 * `auto:self_harm:high` or `auto:abuse:medium`. A flag set by a person never starts with `auto:`.
 */
export function autoFlagReason(verdict: SafetyVerdict): string | null {
  if (!verdict.kind) return null;
  return `auto:${verdict.kind}:${verdict.severity ?? SEVERITY_OF[verdict.kind]}`;
}

/** Reads an automatic flag reason back ('auto:self_harm' without a severity is read as well). */
export function parseAutoFlagReason(
  reason: string | null | undefined,
): { kind: SafetyKind; severity: SafetySeverity } | null {
  const m = /^auto:(self_harm|abuse)(?::(high|medium))?$/.exec(reason ?? '');
  if (!m) return null;
  const kind = m[1] as SafetyKind;
  return { kind, severity: (m[2] as SafetySeverity | undefined) ?? SEVERITY_OF[kind] };
}
