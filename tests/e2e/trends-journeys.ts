import { getAnalyte } from '@reportsaathi/analysis';
import { labReportText, type LabRow } from '../../api/src/seed/lab-report-text';
import { axeScan, expect, seeText, test, uniqueEmail, waitForAnalysis } from './harness';

/**
 * Trends a doctor would trust, in the browser: reports of two labs, uploaded in another order than
 * their samples were taken, three of them of one day, one printing no date; haemoglobin printed in
 * g/dL and g/L against three different ranges.
 */
const PASSWORD = 'trend-pass-123';
const PUNE = { name: 'Saathi Demo Diagnostics', city: 'Pune' };
const DELHI = { name: 'Sanjeevani Path Labs', city: 'Delhi' };

function report(style: 'A' | 'B', collected: string | undefined, hb: LabRow): string {
  return labReportText({
    lab: style === 'A' ? PUNE : DELHI,
    patient: { name: 'Kiran Rao', age: 41, sex: 'Male' },
    collected,
    style,
    sections: [{ title: 'Haemogram', rows: [hb] }],
  });
}

const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

test('trends: each point at its printed sample date over its own range, labels apart, date corrected', async ({
  base,
  newPage,
}) => {
  const page = await newPage();
  const email = uniqueEmail('trend-dates');
  const reg = await page.request.post(`${base}/api/v1/auth/register`, {
    data: { email, password: PASSWORD, full_name: 'Kiran Rao' },
  });
  expect(reg.ok(), `register answered ${reg.status()}`);
  const login = await page.request.post(`${base}/api/v1/auth/login`, { data: { email, password: PASSWORD } });
  const token = ((await login.json()) as { token: string }).token;
  const auth = { authorization: `Bearer ${token}` };
  // [file, text, the date the point must sit at, its own range in g/dL]
  const files: Array<[string, string, string, [number, number]]> = [
    [
      'undated.txt',
      report('B', undefined, { name: 'Haemoglobin', value: '13.4', unit: 'g/dL', range: '11.5 - 16.0' }),
      today(),
      [11.5, 16],
    ],
    [
      'nov-b.txt',
      report('B', '2025-11-14', { name: 'Haemoglobin', value: '12.1', unit: 'g/dL', range: '11.5 - 16.0' }),
      '2025-11-14',
      [11.5, 16],
    ],
    [
      'may.txt',
      report('A', '2025-05-20', {
        name: 'Haemoglobin',
        value: '12.1',
        unit: 'g/dL',
        range: '13.0 - 17.0',
        mark: 'L',
      }),
      '2025-05-20',
      [13, 17],
    ],
    [
      'nov-a.txt',
      report('A', '2025-11-14', {
        name: 'Haemoglobin',
        value: '128',
        unit: 'g/L',
        range: '130 - 170',
        mark: 'L',
      }),
      '2025-11-14',
      [13, 17],
    ],
    [
      'nov-c.txt',
      report('A', '2025-11-14', { name: 'Haemoglobin', value: '12.6', unit: 'g/dL', range: '12.0 - 15.5' }),
      '2025-11-14',
      [12, 15.5],
    ],
  ];
  const ids: number[] = [];
  for (const [name, text] of files) {
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/plain' }), name);
    const res = await fetch(`${base}/api/v1/reports/upload`, { method: 'POST', headers: auth, body: form });
    expect(res.status === 201, `upload answered ${res.status}`);
    ids.push(((await res.json()) as { id: number }).id);
  }
  for (const id of ids) await waitForAnalysis(base, id, token);

  // Signing up through the API may already have signed this browser in.
  await page.goto('/user/trends');
  if (new URL(page.url()).pathname === '/login') {
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await page.waitForURL((u) => u.pathname === '/user/trends');
  const card = page.locator('#trend-hemoglobin');
  await card.waitFor();
  await axeScan(page, '/user/trends (sample dates)');

  // Every point at its printed date (the undated one at today's upload), oldest first. Positions
  // are taken as drawn on the screen (a point is placed in percent and drawn in pixels, decision 264).
  const drawn = await card.locator('svg .trend-point').evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect();
      return {
        date: el.getAttribute('data-date'),
        out: el.hasAttribute('data-out-of-range'),
        x: box.x + box.width / 2,
        y: box.y + box.height / 2,
      };
    }),
  );
  const expected = files.map((f) => f[2]).sort();
  expect(
    JSON.stringify(drawn.map((d) => d.date)) === JSON.stringify(expected),
    `dates ${JSON.stringify(drawn)}`,
  );

  // The band under each point is its own report's range, and the point's colour agrees with it.
  const bands = await card.locator('svg rect.trend-band').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return {
        x0: r.x,
        x1: r.x + r.width,
        y0: r.y,
        y1: r.y + r.height,
        low: Number((el as SVGRectElement).dataset.low),
        high: Number((el as SVGRectElement).dataset.high),
      };
    }),
  );
  expect(bands.length >= 3, `${bands.length} band steps for three different ranges`);
  const ranges = new Map<string, Array<[number, number]>>();
  for (const f of files) ranges.set(f[2], [...(ranges.get(f[2]) ?? []), f[3]]);
  for (const d of drawn) {
    const band = bands.find((b) => d.x >= b.x0 - 0.1 && d.x <= b.x1 + 0.1);
    expect(band, `no band under the point of ${d.date}`);
    expect(
      (ranges.get(d.date!) ?? []).some(([low, high]) => low === band.low && high === band.high),
      `the band under ${d.date} is ${band.low}-${band.high}`,
    );
    const inside = d.y >= band.y0 && d.y <= band.y1;
    expect(
      inside === !d.out,
      `the point of ${d.date} is ${d.out ? 'red' : 'teal'} but ${inside ? 'inside' : 'outside'} its band`,
    );
  }
  // The same 12.1 g/dL: low against 13-17 (May), within 11.5-16 (November).
  expect(drawn.filter((d) => d.out).length === 2, `out-of-range points: ${JSON.stringify(drawn)}`);

  // No date label overlaps another, in any chart.
  for (const chart of await page.locator('svg.trend-chart').all()) {
    const boxes = await chart.locator('.trend-date').evaluateAll((els) =>
      els.map((el) => {
        const b = (el as SVGGraphicsElement).getBBox();
        return [b.x, b.x + b.width, el.textContent];
      }),
    );
    for (let i = 1; i < boxes.length; i++)
      expect(Number(boxes[i - 1][1]) <= Number(boxes[i][0]), `labels overlap: ${JSON.stringify(boxes)}`);
  }
  const sentence = (await card.locator('.trend-sentence').textContent()) ?? '';
  expect(/over 1[89] months/.test(sentence), `sentence: ${sentence}`);
  await card.screenshot({ path: 'test-results/trends-sample-dates.png' });

  // Each point's list says where its date comes from.
  await card.getByText('Values').click();
  await card.locator('li', { hasText: 'upload date: the report prints no sample date' }).waitFor();
  // The undated report's date corrected on the page (one form, a choice of report): its point moves to that day.
  const form = page.locator('#report-dates form');
  const options = form.locator('select[name="report_id"] option');
  expect(
    (await options.count()) === files.length,
    `${await options.count()} reports listed for ${files.length}`,
  );
  const undated = (await options.filter({ hasText: 'upload date' }).getAttribute('value')) ?? '';
  await form.getByLabel('Report').selectOption(undated);
  await form.getByLabel('Sample date', { exact: true }).fill('2025-08-01');
  await form.getByRole('button', { name: 'Save date' }).click();
  await seeText(page, 'Report date saved');
  const dates = await page
    .locator('#trend-hemoglobin svg .trend-point')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-date')));
  expect(
    dates.includes('2025-08-01') && !dates.includes(today()),
    `after the correction: ${JSON.stringify(dates)}`,
  );
  // A date in the future is refused with the API's reason.
  const again = page.locator('#report-dates form');
  const corrected = (await again.locator('option', { hasText: 'date you set' }).getAttribute('value')) ?? '';
  await again.getByLabel('Report').selectOption(corrected);
  await again.getByLabel('Sample date', { exact: true }).evaluate((el) => {
    (el as HTMLInputElement).value = '2999-01-01';
  });
  await again.getByRole('button', { name: 'Save date' }).click();
  await seeText(page, 'Date cannot be in the future');

  // On a 360 px phone the chart is drawn at its own width, not a wide drawing scaled down: every
  // value and date label is at least 11 px high on the screen (they were about 5 px), the date
  // labels still apart, and the chart inside the page.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/user/trends');
  const phoneLabels = await page.locator('svg.trend-chart .trend-axis').evaluateAll((els) =>
    els.map((el) => {
      const b = el.getBoundingClientRect();
      return { text: el.textContent, height: b.height, left: b.left, right: b.right };
    }),
  );
  expect(phoneLabels.length >= 5, `${phoneLabels.length} axis labels`);
  const small = phoneLabels.filter((l) => l.height < 11);
  expect(small.length === 0, `labels under 11 px at 360 px: ${JSON.stringify(small)}`);
  expect(
    phoneLabels.every((l) => l.left >= 0 && l.right <= 360),
    `a label outside the screen: ${JSON.stringify(phoneLabels)}`,
  );
  const phoneDates = phoneLabels.filter((l) => /\d{4}/.test(l.text ?? '')).sort((a, b) => a.left - b.left);
  for (let i = 1; i < phoneDates.length; i++)
    expect(
      phoneDates[i - 1].right <= phoneDates[i].left,
      `date labels overlap at 360 px: ${JSON.stringify(phoneDates)}`,
    );
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide <= 360, `the trends page is ${wide} px wide at 360 px`);
  await page.locator('#trend-hemoglobin').screenshot({ path: 'test-results/trends-360.png' });
  await page.setViewportSize({ width: 1280, height: 800 });

  // In Hindi, the card's title and the chart's name the test in Hindi, as the knowledge base does.
  const pref = await page.request.put(`${base}/api/v1/user/preferences`, {
    headers: auth,
    data: { preferences: { language: 'hi' } },
  });
  expect(pref.ok(), `preferences answered ${pref.status()}`);
  await page.goto('/user/trends');
  const hindi = getAnalyte('hemoglobin')?.name.hi ?? '';
  const title = (await page.locator('#trend-h-hemoglobin').textContent()) ?? '';
  expect(/[\u0900-\u097F]/.test(hindi) && title.startsWith(hindi), `the Hindi card's title: ${title}`);
  const chartName = (await page.locator('#trend-hemoglobin-title').textContent()) ?? '';
  expect(chartName.includes(hindi) && !/Hemoglobin/i.test(chartName), `the chart's name: ${chartName}`);
  // Devanagari is drawn with our Noto Sans Devanagari, whose faces claim Devanagari only (their
  // unicode-range): a face claiming every character was downloaded by English pages and drew what
  // its subset holds of Latin text (decision 264).
  await page.evaluate(() => document.fonts.ready);
  const faces = await page.evaluate(() => {
    const ranges: string[] = [];
    document.fonts.forEach((f) => {
      if (f.family.replace(/["']/g, '') === 'Noto Sans Devanagari') ranges.push(f.unicodeRange);
    });
    return ranges;
  });
  expect(
    faces.length >= 2 && faces.every((r) => /U\+0?900-0?97F/i.test(r) && !/U\+0-10FFFF/i.test(r)),
    `the Devanagari faces' ranges: ${JSON.stringify(faces)}`,
  );
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', {
    nodeId: root.nodeId,
    selector: '#trend-h-hemoglobin',
  });
  await cdp.send('CSS.enable');
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  expect(
    fonts.some((f) => f.familyName === 'Noto Sans Devanagari' && f.glyphCount >= hindi.length - 2),
    `fonts of the Hindi title: ${JSON.stringify(fonts)}`,
  );
});
