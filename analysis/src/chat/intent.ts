/**
 * What a chat question is about. Self-harm is decided before this (chat/safety.ts); emergencies
 * and medicine or dose requests are recognised first here (in English, Hindi and Hinglish)
 * because they change the answer completely.
 */
export type Intent =
  | 'crisis'
  | 'emergency'
  | 'dosage'
  /** Food, exercise, retesting or which doctor (chat/next-steps.ts). */
  | 'next_steps'
  | 'blood_pressure'
  | 'off_topic'
  | 'symptom'
  | 'abnormal_list'
  | 'high_list'
  | 'low_list'
  | 'meaning'
  | 'status'
  | 'summary'
  | 'general';

const EMERGENCY =
  /\b(chest pain|(?:having|had|getting) a heart attack|heart attack (?:now|right now)|can'?t breathe|cannot breathe|not able to breathe|breathless(ness)?|difficulty breathing|unconscious|fainted|fainting|passed out|seizure|fits|convulsion|stroke|paralysis|severe (pain|bleeding)|heavy bleeding|bleeding a lot|vomiting blood|blood in vomit|overdose|emergency|dying|collapse[ds]?|seene me dard|seene mein dard|chhati me dard|chhati mein dard|saans nahi|sans nahi|behosh)\b|सीने में दर्द|छाती में दर्द|साँस नहीं|सांस नहीं|साँस लेने में|सांस लेने में|बेहोश|दौरा|लकवा|बहुत खून|आपात/i;

/**
 * Medicines, doses and treatment, including what people type in Hinglish ("kaun si dawai",
 * "goli kitni") and common Indian brand and generic names. "insulin" alone is a test name
 * (fasting insulin), so it counts only with taking or dosing words.
 */
const DOSAGE =
  /\b(dose|dosage|doses|how much .*(take|have)|how many .*(tablets?|pills?|units?)|which (medicine|medication|tablet|drug)s?|what (medicine|medication|tablet|drug)s?|should i (take|start|stop)|can i (take|start|stop)|prescribe|prescription|treatment|treat (it|this|my)|cure|medicines?|medications?|tablets?|pills?|capsules?|syrup|supplements?|injections?|insulin (dose|units|injection|shots?)|take insulin|antibiotics?|mg of|stop (my )?(medicine|tablets?)|dawai|dawaai|dawa|dwai|davai|goli|goliyan|golia|metformin|glycomet|thyronorm|eltroxin|thyroxine tablet|atorvastatin|rosuvastatin|statins?|aspirin|ecosprin|paracetamol|dolo|crocin|amlodipine|telma|telmisartan|ferrous|livogen|shelcal|calcirol|uprise)\b|दवा|दवाई|खुराक|इलाज|गोली|गोलियां|गोलियाँ|कौन सी दवा|डोज़|डोज|टैबलेट|कैप्सूल|इंजेक्शन|सिरप/i;

const WHICH =
  /\b(which|what|any|list|values?|results?|tests?|kaun|kaunsa|kaunsi|kaunse|konsa|konsi|konse|kon si|kya)\b|कौन|क्या/;

export function detectIntent(question: string): Intent {
  const q = question.toLowerCase();
  if (EMERGENCY.test(q)) return 'emergency';
  if (DOSAGE.test(q)) return 'dosage';
  if (
    /\b(high|higher|raised|elevated|increased|above|zyada|jyada|badha|badhi|badhe)\b|ज़्यादा|ज्यादा|अधिक|बढ़ा|बढ़े|बढ़ी|हाई/.test(
      q,
    ) &&
    WHICH.test(q)
  )
    return 'high_list';
  if (/\b(low|lower|decreased|below|reduced|kam)\b|कम|लो\b/.test(q) && WHICH.test(q)) return 'low_list';
  if (
    /\b(abnormal|out of range|outside the range|not normal|flagged|problem|problems|wrong|concern|worry|gadbad|gadbar|garbar|kharab|dikkat|range se bahar)\b|असामान्य|गड़बड़|खराब|ख़राब|समस्या|दिक्कत|सीमा से बाहर|रेंज से बाहर/.test(
      q,
    )
  )
    return 'abnormal_list';
  if (
    /\b(what (does|do|is|are)|meaning|means|mean|stand for|explain what|matlab|kya hota|kya hai)\b|मतलब|अर्थ|क्या है|क्या होता/.test(
      q,
    )
  )
    return 'meaning';
  if (
    /\b(ok|okay|fine|normal|good|bad|healthy|alright|all right|within|in range|theek|thik|sahi|sahee|normal)\b|ठीक|सही|सामान्य|नॉर्मल/.test(
      q,
    )
  )
    return 'status';
  if (
    /\b(summary|summari[sz]e|overall|explain (my|the) report|report mean|how is my report|report samjhao|report kaisi)\b|सारांश|रिपोर्ट कैसी|पूरी रिपोर्ट|रिपोर्ट समझा/.test(
      q,
    )
  )
    return 'summary';
  return 'general';
}

/**
 * Words that place a message about the report or health. A message with none of them and no
 * test or symptom named is off-topic ("who won the match?", "ek joke sunao").
 */
const IN_SCOPE =
  /\b(report|reports|result|results|test|tests|value|values|level|levels|range|ranges|normal|abnormal|health|healthy|doctor|blood|urine|scan|x-?ray|ultrasound|lab|findings?|ok|okay|fine|good|bad|high|low|theek|thik|sahi|sehat|jaanch|janch|jaach|jaanc|nateeja|natija|khoon|khun|peshab|summary|mean|meaning|explain|samjhao|body|disease|bimari|beemari|symptoms?|pain|dard)\b|रिपोर्ट|जाँच|जांच|परिणाम|नतीजा|नतीजे|सेहत|स्वास्थ्य|डॉक्टर|खून|ख़ून|पेशाब|ठीक|सही|सामान्य|अधिक|कम|मतलब|बीमारी|लक्षण|दर्द|शरीर/;

export function inScope(question: string): boolean {
  return IN_SCOPE.test(question.toLowerCase());
}
