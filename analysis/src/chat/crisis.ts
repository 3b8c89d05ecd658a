import type { ReplyLanguage } from './language';

/**
 * The only reply to a message about suicide or self-harm: care and where to get help now,
 * helplines first, and nothing from the report. Tele-MANAS (14416, the national tele mental
 * health line, free and round the clock in Indian languages) and 112 (the national emergency
 * number) are the two numbers every reply carries.
 */
export const CRISIS_NUMBERS = ['14416', '112'] as const;

const CRISIS = {
  en:
    'Please reach out for help right now: call Tele-MANAS on 14416 (free, 24 hours, in your language) ' +
    'or 112 if you are in immediate danger. ' +
    "I'm really sorry you are feeling this way. You are not alone, and talking to someone can help. " +
    'If you can, tell a person you trust how you feel and stay with them. ' +
    'Your report can wait; your safety matters most right now.',
  hi:
    'कृपया अभी मदद लें: टेली-मानस (Tele-MANAS) 14416 पर कॉल करें (मुफ़्त, 24 घंटे, आपकी भाषा में) ' +
    'या अगर आप तुरंत ख़तरे में हैं तो 112 पर कॉल करें। ' +
    'मुझे बहुत दुख है कि आप ऐसा महसूस कर रहे हैं। आप अकेले नहीं हैं, और किसी से बात करने से मदद मिलती है। ' +
    'हो सके तो किसी भरोसेमंद व्यक्ति को बताएँ कि आप कैसा महसूस कर रहे हैं और उनके साथ रहें। ' +
    'रिपोर्ट बाद में देख लेंगे; अभी आपकी सुरक्षा सबसे ज़रूरी है।',
  hinglish:
    'Please abhi madad lijiye: Tele-MANAS ko 14416 par call karein (free, 24 ghante, aapki bhasha mein) ' +
    'ya agar aap turant khatre mein hain to 112 par call karein. ' +
    'Mujhe bahut afsos hai ki aap aisa mehsoos kar rahe hain. Aap akele nahi hain, aur kisi se baat karne se madad milti hai. ' +
    'Ho sake to kisi bharosemand insaan ko batayein ki aap kaisa mehsoos kar rahe hain aur unke saath rahein. ' +
    'Report baad mein dekh lenge; abhi aapki safety sabse zaroori hai.',
};

export function crisisReply(reply: ReplyLanguage): string {
  if (reply.lang === 'hi') return CRISIS.hi;
  return reply.hinglish ? CRISIS.hinglish : CRISIS.en;
}
