/**
 * What a chat question is about. Emergencies and dosage/treatment requests are recognised first
 * (in English, Hindi and Hinglish) because they change the answer completely.
 */
export type Intent =
  | 'emergency'
  | 'dosage'
  | 'abnormal_list'
  | 'high_list'
  | 'low_list'
  | 'meaning'
  | 'status'
  | 'summary'
  | 'general';

const EMERGENCY =
  /\b(chest pain|heart attack|can'?t breathe|cannot breathe|not able to breathe|breathless(ness)?|difficulty breathing|unconscious|fainted|fainting|passed out|seizure|fits|convulsion|stroke|paralysis|severe (pain|bleeding)|heavy bleeding|bleeding a lot|vomiting blood|blood in vomit|suicid\w*|kill myself|overdose|emergency|dying|collapse[ds]?)\b|सीने में दर्द|छाती में दर्द|साँस नहीं|सांस नहीं|साँस लेने में|सांस लेने में|बेहोश|दौरा|लकवा|बहुत खून|आपात|आत्महत्या/i;

const DOSAGE =
  /\b(dose|dosage|doses|how much .*(take|have)|how many .*(tablets?|pills?|units?)|which (medicine|medication|tablet|drug)|what (medicine|medication|tablet|drug)|should i take|can i take|prescribe|prescription|treatment|treat (it|this|my)|cure|medicine for|tablet for|insulin|antibiotic|supplement dose|mg of|stop (my )?(medicine|tablets?))\b|दवा|दवाई|खुराक|इलाज|गोली|कौन सी दवा|डोज़|डोज/i;

export function detectIntent(question: string): Intent {
  const q = question.toLowerCase();
  if (EMERGENCY.test(q)) return 'emergency';
  if (DOSAGE.test(q)) return 'dosage';
  if (
    /\b(high|raised|elevated|increased|above)\b|ज़्यादा|ज्यादा|अधिक|बढ़ा|बढ़े|हाई/.test(q) &&
    /\b(which|what|any|list|values?|results?|tests?)\b|कौन|क्या/.test(q)
  )
    return 'high_list';
  if (
    /\b(low|decreased|below|reduced)\b|कम|लो\b/.test(q) &&
    /\b(which|what|any|list|values?|results?|tests?)\b|कौन|क्या/.test(q)
  )
    return 'low_list';
  if (
    /\b(abnormal|out of range|not normal|flagged|problem|problems|wrong|concern|worry)\b|असामान्य|गड़बड़|खराब|समस्या/.test(
      q,
    )
  )
    return 'abnormal_list';
  if (/\b(what (does|do|is|are)|meaning|means|mean|stand for|explain what)\b|मतलब|अर्थ|क्या है|क्या होता/.test(q))
    return 'meaning';
  if (
    /\b(ok|okay|fine|normal|good|bad|healthy|alright|all right|within|in range)\b|ठीक|सही|सामान्य|नॉर्मल/.test(
      q,
    )
  )
    return 'status';
  if (
    /\b(summary|summari[sz]e|overall|explain (my|the) report|report mean|how is my report)\b|सारांश|रिपोर्ट कैसी|पूरी रिपोर्ट/.test(
      q,
    )
  )
    return 'summary';
  return 'general';
}

export function isHindi(text: string): boolean {
  return /[\u0900-\u097F]/.test(text);
}
