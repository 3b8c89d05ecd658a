import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES, USER_MESSAGES } from '@reportsaathi/contracts';
import { KNOWN_MESSAGES, say } from './messages';

const DEVANAGARI = /[\u0900-\u097F]/;

describe('messages shown to patients in Hindi (decision 242)', () => {
  it("has Hindi for every message the contracts define for patients' accounts and forms", () => {
    const patientMessages = [
      ...Object.values(MESSAGES).filter((m) => m !== MESSAGES.adminBoth),
      ...Object.values(ACCOUNT_MESSAGES).filter((m) => m !== ACCOUNT_MESSAGES.outboxClosed),
      ...Object.values(USER_MESSAGES).filter((m) => m !== USER_MESSAGES.deactivateQuestion),
    ];
    const missing = patientMessages.filter((m) => !DEVANAGARI.test(say('hi', m)));
    expect(missing).toEqual([]);
  });

  it('writes every known message in Devanagari, and leaves English as it is', () => {
    for (const [en, hi] of Object.entries(KNOWN_MESSAGES)) {
      expect(DEVANAGARI.test(hi), en).toBe(true);
      expect(say('en', en)).toBe(en);
    }
  });

  it('matches messages with a name inside, and shows an unknown one as it came', () => {
    expect(say('hi', 'Analysis finished for lab.pdf')).toBe('विश्लेषण पूरा हुआ: lab.pdf');
    expect(
      say('hi', 'Wrong PIN. Too many wrong PINs. Please wait before trying again. Try again in 2 minutes.'),
    ).toBe('पिन ग़लत है। बहुत बार ग़लत पिन डाला गया। 2 मिनट बाद फिर कोशिश करें।');
    expect(say('hi', 'Something new the API says')).toBe('Something new the API says');
    expect(say('hi', null)).toBeNull();
  });

  it("names the kind of feedback in Hindi on the dashboard's activity", () => {
    expect(say('hi', 'Gave feedback: helpful')).toBe('प्रतिक्रिया दी: उपयोगी');
    expect(say('hi', 'Gave feedback: not helpful')).toBe('प्रतिक्रिया दी: उपयोगी नहीं');
    expect(say('hi', 'Gave feedback: irrelevant')).toBe('प्रतिक्रिया दी: असंबंधित');
  });
});
