import type { Page } from 'playwright-core';
import { labReportText } from '../../api/src/seed/lab-report-text';
import { AssertionError, axeScan, expect, seeText, test, uniqueEmail, waitForAnalysis } from './harness';
import { overflowOf } from './phone-journeys';

/**
 * Hindi everywhere (issue 33 item 3): a page shown in Hindi has no English words of its own left
 * (the sign-in, account-mail, legal and user panel pages), and an analysis written in English is
 * explained again in Hindi on demand, without the file (decision 241), and read aloud in Hindi.
 */
const PASSWORD = 'hindi-pass-123';
const NAME = 'Sunita Devi';
const FILE = 'sugar-report-2026-10-02.txt';

async function call<T>(base: string, path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const res = await fetch(`${base}/api/v1${path}`, { ...init, headers });
  if (!res.ok) throw new AssertionError(`${init.method ?? 'GET'} ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** A user whose report was analysed in English, who then chose Hindi and asked in Hindi. */
async function seedHindiUser(base: string): Promise<{ email: string; token: string; reportId: number }> {
  const email = uniqueEmail('hindi');
  await call(base, '/auth/register', {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORD, full_name: NAME }),
  });
  const { token } = await call<{ token: string }>(base, '/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const text = labReportText({
    lab: { name: 'Saathi Demo Diagnostics', city: 'Lucknow' },
    patient: { name: 'Sunita Devi', age: 48, sex: 'Female' },
    collected: '2026-10-02',
    style: 'A',
    sections: [
      {
        title: 'Biochemistry',
        rows: [
          { name: 'Glucose Fasting', value: '131', unit: 'mg/dL', range: '70 - 100', mark: 'H' },
          { name: 'HbA1c', value: '6.9', unit: '%', range: '4.0 - 5.6', mark: 'H' },
          { name: 'Haemoglobin', value: '12.9', unit: 'g/dL', range: '12.0 - 15.5' },
        ],
      },
    ],
  });
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), FILE);
  const { id } = await call<{ id: number }>(base, '/reports/upload', { method: 'POST', body: form, token });
  await waitForAnalysis(base, id, token);
  await call(base, '/user/preferences', {
    method: 'PUT',
    body: JSON.stringify({ preferences: { language: 'hi' } }),
    token,
  });
  await call(base, '/chats', {
    method: 'POST',
    body: JSON.stringify({ report_id: id, message: 'मेरी शुगर के बारे में बताइए' }),
    token,
  });
  return { email, token, reportId: id };
}

/**
 * Words in Latin letters that a Hindi page may show: names of things (ReportSaathi, PDF, FHIR,
 * an authenticator app), units, and AM/PM. Month names are not among them: a Hindi page writes
 * its dates in the one format with Hindi month names (decision 251).
 */
const ALLOWED = new Set(
  [
    'ReportSaathi',
    'AI',
    'PDF',
    'PNG',
    'JPG',
    'JPEG',
    'TXT',
    'UPI',
    'FHIR',
    'R4',
    'JSON',
    'CSV',
    'ZIP',
    'QR',
    'IP',
    'MB',
    'KB',
    'GB',
    'Bytes',
    'min',
    // Units and test names inside a Hindi answer about the report.
    'mg',
    'dL',
    'mL',
    'HbA',
    // A browser's and a system's names on the sessions list.
    'Chrome',
    'HeadlessChrome',
    'Linux',
    'Android',
    'Google',
    'Microsoft',
    'Authenticator',
    'Authy',
    'AM',
    'PM',
  ].map((w) => w.toLowerCase()),
);

/** The English words of the page's own copy: the main area's visible text, the user's data taken out. */
async function englishWords(page: Page, userData: string[]): Promise<string[]> {
  const text = await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    const out: string[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !el.checkVisibility() || el.closest('code, .visually-hidden, [translate="no"]')) continue;
      out.push(n.textContent ?? '');
    }
    // Labels a screen reader speaks count too.
    for (const el of Array.from(main.querySelectorAll('[aria-label], [placeholder]'))) {
      out.push(el.getAttribute('aria-label') ?? '', el.getAttribute('placeholder') ?? '');
    }
    return out.join(' ');
  });
  let rest = text.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ');
  for (const d of userData) rest = rest.split(d).join(' ');
  const words = rest.match(/[A-Za-z][A-Za-z]+/g) ?? [];
  return [...new Set(words.filter((w) => !ALLOWED.has(w.toLowerCase())))];
}

async function expectHindi(page: Page, path: string, userData: string[], problems: string[]) {
  await page.goto(path, { waitUntil: 'load' });
  const h1 = (await page.locator('main h1').first().textContent()) ?? '';
  if (!/[\u0900-\u097F]/.test(h1)) problems.push(`${path}: heading "${h1}" is not Hindi`);
  const english = await englishWords(page, userData);
  if (english.length) problems.push(`${path}: English words ${english.slice(0, 12).join(', ')}`);
  const wide = await overflowOf(page);
  if (wide.length) problems.push(`${path}: wider than the phone: ${wide.join('; ')}`);
  // What a person sees first on the phone, to look at (test-results/).
  const slug = path
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  await page.screenshot({ path: `test-results/hindi-${slug}-360.png` });
}

test('phone, in Hindi: the sign-in, account mail, legal and panel pages have no English copy left', async ({
  base,
  newPage,
}) => {
  const problems: string[] = [];
  // A guest who chose Hindi in the header.
  const guest = await newPage({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
  await guest.context().addCookies([{ name: 'rs_lang', value: 'hi', url: base }]);
  for (const path of [
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password',
    `/reset-password?token=${'a'.repeat(43)}`,
    `/confirm-email?token=${'b'.repeat(43)}`,
    '/privacy-policy',
    '/terms-of-service',
    '/medical-disclaimer',
  ])
    await expectHindi(guest, path, [], problems);

  // The API's answers shown in Hindi: a refused sign-in, a field check, the reset link's answer.
  await guest.goto('/login');
  await guest.getByLabel('ईमेल पता').fill('nobody-here@example.com');
  await guest.getByLabel('पासवर्ड').fill('wrong-password-1');
  await guest.getByRole('button', { name: 'साइन इन करें' }).click();
  await seeText(guest, 'ईमेल या पासवर्ड ग़लत है');
  await guest.goto('/forgot-password');
  await guest.getByRole('button', { name: 'मुझे लिंक भेजें' }).click();
  await seeText(guest, 'ईमेल ज़रूरी है');
  await guest.getByLabel('ईमेल पता').fill('nobody-here@example.com');
  await guest.getByRole('button', { name: 'मुझे लिंक भेजें' }).click();
  await seeText(guest, 'अगर इस पते से कोई खाता है');
  await axeScan(guest, '/forgot-password in Hindi');

  // A signed-in user whose preference is Hindi.
  const s = await seedHindiUser(base);
  const user = await newPage({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
  await user.context().addCookies([
    { name: 'token', value: s.token, url: base },
    { name: 'rs_lang', value: 'hi', url: base },
  ]);
  // The seeded plans' names and features are put into Hindi; a plan staff created is shown as written.
  const SEEDED = ['free', 'plus', 'family'];
  const { plans } = await call<{ plans: Array<{ code: string; name: string; features: string[] }> }>(
    base,
    '/user/subscription/plans',
    { token: s.token },
  );
  const staffPlans = plans.filter((p) => !SEEDED.includes(p.code));
  const mine = [
    NAME,
    FILE,
    String(s.reportId),
    'sugar',
    ...staffPlans.flatMap((p) => [...p.features, p.name]),
  ];
  for (const path of [
    '/user/dashboard',
    '/user/reports',
    '/user/chats',
    '/user/chats?tab=by-report',
    '/user/search?q=sugar',
    '/user/preferences',
    '/user/profile',
    '/user/security',
    '/user/not-yet-here',
    '/user/trends',
    '/user/subscription',
    '/dashboard',
    '/account/delete',
  ])
    await expectHindi(user, path, mine, problems);
  expect(problems.length === 0, `untranslated pages:\n${problems.join('\n')}`);

  // Dates in the spec's one format, 'MMM d, yyyy', with the month as Intl writes it in Hindi: the
  // report uploaded today, on the reports list and the dashboard's account line.
  const ist = (o: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('hi-IN', { timeZone: 'Asia/Kolkata', ...o }).format(new Date());
  const today = `${ist({ month: 'short' })} ${ist({ day: 'numeric' })}, ${ist({ year: 'numeric' })}`;
  await user.goto('/user/reports', { waitUntil: 'load' });
  await seeText(user, today);
  await user.goto('/user/dashboard', { waitUntil: 'load' });
  await seeText(user, today);
  const plan = user.locator('main dt', { hasText: 'मौजूदा प्लान' }).locator('xpath=following-sibling::dd[1]');
  const shown = ((await plan.textContent()) ?? '').trim();
  expect(shown === 'मुफ़्त', `the dashboard names the Free plan "${shown}", not in Hindi`);
  // The subscription page: the current plan and every seeded plan on offer by its Hindi name.
  await user.goto('/user/subscription', { waitUntil: 'load' });
  const offered = await user.locator('.plan-option strong').allTextContents();
  for (const name of ['मुफ़्त', 'प्लस', 'फ़ैमिली'])
    expect(offered.includes(name), `plans offered: ${offered.join(', ')}; ${name} missing`);
  for (const p of staffPlans) expect(offered.includes(p.name), `staff's plan ${p.name} not shown as written`);
});

/** A browser with the given voices (headless Chromium has none), recording what it says. */
async function voices(page: Page, langs: string[]) {
  await page.addInitScript(`
    window.__speech = [];
    const list = ${JSON.stringify(langs)};
    const voices = list.map((lang) => ({ lang, name: 'Voice ' + lang, default: false, localService: true, voiceURI: lang }));
    window.SpeechSynthesisUtterance = function (text) { this.text = text; this.voice = null; this.lang = ''; this.onend = null; };
    Object.defineProperty(window, 'speechSynthesis', { value: {
      getVoices: () => voices,
      speak: (u) => window.__speech.push('speak ' + u.lang + ' ' + u.text),
      pause: () => undefined,
      resume: () => undefined,
      cancel: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    } });
  `);
}

test('phone, in Hindi: an English analysis is explained again in Hindi on demand and read aloud in Hindi', async ({
  base,
  newPage,
}) => {
  const s = await seedHindiUser(base);
  const before = await call<{ summary: string; values: unknown[]; language: string }>(
    base,
    `/reports/${s.reportId}`,
    { token: s.token },
  );
  expect(before.language === 'en', `the analysis is in ${before.language}`);
  const page = await newPage({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
  await voices(page, ['hi-IN', 'en-IN']);
  await page.context().addCookies([
    { name: 'token', value: s.token, url: base },
    { name: 'rs_lang', value: 'hi', url: base },
  ]);
  await page.goto(`/analysis/${s.reportId}`);
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  // The page is Hindi; its explanation is English, marked so, with the offer to explain it in Hindi.
  await seeText(page, 'यह व्याख्या अंग्रेज़ी में है।');
  expect(
    (await page.locator('.result-text').getAttribute('lang')) === 'en',
    'the English text is not marked en',
  );
  const wide = await overflowOf(page);
  expect(wide.length === 0, `the offer is wider than the phone: ${wide.join('; ')}`);
  await page.locator('section.card').first().screenshot({ path: 'test-results/hindi-explain-offer-360.png' });
  await page.getByRole('button', { name: 'हिन्दी में समझाएँ' }).click();
  // The Hindi explanation replaces the English one; the offer is gone.
  await page.waitForFunction(() => document.querySelector('.result-text')?.getAttribute('lang') === 'hi');
  const text = (await page.locator('.result-text').textContent()) ?? '';
  expect(/[\u0900-\u097F]/.test(text), `the explanation is not Hindi: ${text.slice(0, 80)}`);
  expect(
    (await page.getByRole('button', { name: 'हिन्दी में समझाएँ' }).count()) === 0,
    'the offer stays after the explanation is Hindi',
  );
  const after = await call<{ summary: string; values: unknown[]; language: string }>(
    base,
    `/reports/${s.reportId}`,
    { token: s.token },
  );
  expect(after.language === 'hi', `stored language ${after.language}`);
  expect(JSON.stringify(after.values) === JSON.stringify(before.values), 'the values changed');
  // Listen speaks the language shown: Hindi, with the Hindi voice.
  await page.getByRole('button', { name: /^सुनें/ }).first().click();
  const said = await page.evaluate(() => (window as unknown as { __speech: string[] }).__speech);
  expect(said.length > 0 && said.every((l) => l.startsWith('speak hi-IN ')), `speech: ${said.join(' | ')}`);
  await axeScan(page, '/analysis/{id} explained again in Hindi');
  await page
    .locator('section[aria-labelledby="results-title"]')
    .screenshot({ path: 'test-results/hindi-explained-360.png' });
});
