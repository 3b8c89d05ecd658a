import type { MailMessage } from './mailer';

/**
 * The account's mails, in English and Hindi by the person's language: plain text, and the same
 * words as simple HTML (one paragraph each, the link as a button-like anchor and printed in full).
 */
export type MailLanguage = 'en' | 'hi';

interface MailWords {
  subject: string;
  greeting: string;
  lines: string[];
  action?: string;
  closing: string;
}

const SIGN_OFF = { en: '— ReportSaathi', hi: '— ReportSaathi (रिपोर्टसाथी)' };

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function compose(to: string, lang: MailLanguage, words: MailWords, link?: string): MailMessage {
  const text = [
    words.greeting,
    '',
    ...words.lines.flatMap((l) => [l, '']),
    ...(link ? [link, ''] : []),
    words.closing,
    SIGN_OFF[lang],
  ].join('\n');
  const paragraphs = words.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n');
  const button =
    link && words.action
      ? `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#0d6efd;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(words.action)}</a></p>\n<p style="font-size:13px;color:#555">${escapeHtml(link)}</p>`
      : '';
  const html = `<!doctype html>
<html lang="${lang}"><body style="font-family:Arial,sans-serif;font-size:16px;line-height:1.5;color:#222;max-width:560px">
<p>${escapeHtml(words.greeting)}</p>
${paragraphs}
${button}
<p>${escapeHtml(words.closing)}<br>${escapeHtml(SIGN_OFF[lang])}</p>
</body></html>`;
  return { to, subject: words.subject, text, html };
}

const hello = (lang: MailLanguage, name: string | null) =>
  lang === 'hi' ? `नमस्ते${name ? ` ${name}` : ''},` : `Hello${name ? ` ${name}` : ''},`;

export function passwordResetMail(to: string, lang: MailLanguage, name: string | null, link: string) {
  const words: Record<MailLanguage, MailWords> = {
    en: {
      subject: 'Choose a new ReportSaathi password',
      greeting: hello('en', name),
      lines: [
        'Someone (we hope you) asked to reset the password of your ReportSaathi account.',
        'Open this link within 30 minutes to choose a new password. It works once; every device signed in to your account is signed out.',
      ],
      action: 'Choose a new password',
      closing: 'If you did not ask for this, ignore this mail: your password stays as it is.',
    },
    hi: {
      subject: 'ReportSaathi का नया पासवर्ड चुनें',
      greeting: hello('hi', name),
      lines: [
        'किसी ने (हमें आशा है आपने) आपके ReportSaathi खाते का पासवर्ड बदलने को कहा है।',
        'नया पासवर्ड चुनने के लिए 30 मिनट के अंदर यह लिंक खोलें। यह एक ही बार चलता है; आपके खाते में साइन-इन हर डिवाइस से साइन-आउट हो जाएगा।',
      ],
      action: 'नया पासवर्ड चुनें',
      closing: 'अगर आपने यह नहीं माँगा, तो इस मेल को अनदेखा करें: आपका पासवर्ड वैसा ही रहेगा।',
    },
  };
  return compose(to, lang, words[lang], link);
}

export function confirmEmailMail(
  to: string,
  lang: MailLanguage,
  name: string | null,
  link: string,
  change: boolean,
) {
  const words: Record<MailLanguage, MailWords> = {
    en: {
      subject: change
        ? 'Confirm your new ReportSaathi e-mail address'
        : 'Confirm your ReportSaathi e-mail address',
      greeting: hello('en', name),
      lines: [
        change
          ? 'You asked to sign in to ReportSaathi with this address from now on. Open this link within 24 hours to confirm it; until then your current address stays.'
          : 'Welcome to ReportSaathi. Open this link within 24 hours to confirm that this address is yours, so that we can reach you (for example if you forget your password).',
      ],
      action: 'Confirm this address',
      closing: 'If this was not you, ignore this mail: nothing changes.',
    },
    hi: {
      subject: change ? 'ReportSaathi का अपना नया ई-मेल पता पक्का करें' : 'ReportSaathi का अपना ई-मेल पता पक्का करें',
      greeting: hello('hi', name),
      lines: [
        change
          ? 'आपने कहा है कि अब से इस पते से ReportSaathi में साइन-इन करेंगे। इसे पक्का करने के लिए 24 घंटे के अंदर यह लिंक खोलें; तब तक आपका अभी का पता ही रहेगा।'
          : 'ReportSaathi में आपका स्वागत है। यह पता आपका है, यह पक्का करने के लिए 24 घंटे के अंदर यह लिंक खोलें, ताकि ज़रूरत पड़ने पर (जैसे पासवर्ड भूलने पर) हम आप तक पहुँच सकें।',
      ],
      action: 'यह पता पक्का करें',
      closing: 'अगर यह आप नहीं थे, तो इस मेल को अनदेखा करें: कुछ नहीं बदलेगा।',
    },
  };
  return compose(to, lang, words[lang], link);
}

/** To the owner of an address someone else tried to move their account to. */
export function addressInUseMail(to: string, lang: MailLanguage, name: string | null) {
  const words: Record<MailLanguage, MailWords> = {
    en: {
      subject: 'Someone tried to use your e-mail address on ReportSaathi',
      greeting: hello('en', name),
      lines: [
        'Another ReportSaathi account asked to change its e-mail address to this one. Your account already uses this address, so nothing was changed.',
        'You do not need to do anything. If you think someone knows your password, change it in your account under Security.',
      ],
      closing: 'Your account and reports are unchanged.',
    },
    hi: {
      subject: 'किसी ने ReportSaathi पर आपका ई-मेल पता इस्तेमाल करना चाहा',
      greeting: hello('hi', name),
      lines: [
        'ReportSaathi के किसी दूसरे खाते ने अपना ई-मेल पता बदलकर यह पता करना चाहा। आपका खाता यह पता पहले से इस्तेमाल करता है, इसलिए कुछ नहीं बदला गया।',
        'आपको कुछ करने की ज़रूरत नहीं है। अगर आपको लगता है कि किसी को आपका पासवर्ड पता है, तो अपने खाते में सुरक्षा (Security) में जाकर उसे बदलें।',
      ],
      closing: 'आपका खाता और रिपोर्टें वैसी ही हैं।',
    },
  };
  return compose(to, lang, words[lang]);
}

/** To the old address once the new one is confirmed. */
export function emailChangedMail(to: string, lang: MailLanguage, name: string | null, newEmail: string) {
  const masked = maskEmail(newEmail);
  const words: Record<MailLanguage, MailWords> = {
    en: {
      subject: 'Your ReportSaathi e-mail address was changed',
      greeting: hello('en', name),
      lines: [
        `Your ReportSaathi account now signs in with a new e-mail address (${masked}). Mail about your account goes there from now on.`,
        'If you did not make this change, write to us at once by replying to this mail or at the support address on our site.',
      ],
      closing: 'Thank you for using ReportSaathi.',
    },
    hi: {
      subject: 'आपके ReportSaathi खाते का ई-मेल पता बदला गया',
      greeting: hello('hi', name),
      lines: [
        `आपका ReportSaathi खाता अब एक नए ई-मेल पते (${masked}) से साइन-इन होता है। अब से खाते से जुड़े मेल वहीं जाएँगे।`,
        'अगर यह बदलाव आपने नहीं किया, तो तुरंत इस मेल का जवाब देकर या हमारी साइट पर दिए सहायता पते पर हमें लिखें।',
      ],
      closing: 'ReportSaathi इस्तेमाल करने के लिए धन्यवाद।',
    },
  };
  return compose(to, lang, words[lang]);
}

/** a•••@example.com: enough for the owner to recognise, not a full address for a stranger. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 1) return email;
  return `${email[0]}•••${email.slice(at)}`;
}
