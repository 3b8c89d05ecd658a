import { describe, expect, it } from 'vitest';
import { autoFlagReason, classifySafety, parseAutoFlagReason } from './safety';

const SELF_HARM = [
  'I want to die',
  'I feel like ending my life',
  'i am thinking about suicide',
  'I feel suicidal',
  'I want to kill myself',
  "I don't want to live anymore",
  'I wish I was dead',
  'there is no reason to live',
  'I keep hurting myself',
  'I might take all my pills tonight',
  'marna chahta hoon',
  'main mar jana chahti hu',
  'jeena nahi chahta',
  'jeene ka mann nahi karta',
  'khudkushi kar lunga',
  'zindagi khatam karna chahta hoon',
  'मैं आत्महत्या करना चाहता हूँ',
  'मैं मरना चाहती हूँ',
  'जीना नहीं चाहता',
  'अब जीने का मन नहीं करता',
  'मैं अपनी जान ले लूँगा',
  'ख़ुदकुशी के बारे में सोच रहा हूँ',
  "I can't take this anymore, I want to end it",
  'Sometimes I think everyone would be better off without me',
  'I have nothing left to live for',
  'mujhe jeene ki koi wajah nahi dikhti',
  'zindagi se thak gaya hoon',
  'जीने की कोई वजह नहीं बची',
  'मेरे बिना सब ठीक रहेंगे',
];

const ABUSE = [
  'you are a stupid useless bot',
  'fuck this app',
  'you idiot',
  'tu pagal hai kya',
  'chutiya app hai',
  'तुम बेवकूफ हो',
  'हरामी ऐप',
];

const SAFE = [
  'Is my sugar ok?',
  'Will high cholesterol kill me?',
  "I don't want to die of a heart attack, is my LDL high?",
  'Am I going to die from this?',
  'मेरा शुगर ठीक है?',
  'kutte ne kata tha, kya report mein kuch hai?',
  'is it stupid to worry about a slightly high TSH?',
  'my doctor said my liver is damaged',
  'painkiller le sakta hoon?',
  'What does kill switch mean',
  'I want to end my diet, is my sugar ok?',
  'the pain in my knee is better now',
];

describe('classifySafety', () => {
  it.each(SELF_HARM)('self-harm, high: %s', (text) => {
    expect(classifySafety(text)).toEqual({ kind: 'self_harm', severity: 'high' });
  });
  it.each(ABUSE)('abuse, medium: %s', (text) => {
    expect(classifySafety(text)).toEqual({ kind: 'abuse', severity: 'medium' });
  });
  it.each(SAFE)('not flagged: %s', (text) => {
    expect(classifySafety(text)).toEqual({ kind: null, severity: null });
  });
  it('puts self-harm before abuse in an angry message', () => {
    expect(classifySafety('fuck everything, I want to die').kind).toBe('self_harm');
  });
});

describe('flag_reason convention', () => {
  it('writes and reads auto:<kind>:<severity>', () => {
    expect(autoFlagReason(classifySafety('I want to die'))).toBe('auto:self_harm:high');
    expect(autoFlagReason(classifySafety('you idiot'))).toBe('auto:abuse:medium');
    expect(autoFlagReason(classifySafety('is my sugar ok'))).toBeNull();
    expect(parseAutoFlagReason('auto:self_harm:high')).toEqual({ kind: 'self_harm', severity: 'high' });
    expect(parseAutoFlagReason('auto:abuse')).toEqual({ kind: 'abuse', severity: 'medium' });
    expect(parseAutoFlagReason('spam reported by staff')).toBeNull();
    expect(parseAutoFlagReason(null)).toBeNull();
  });
});
