import type { LabReport, LabRow } from './lab-report-text';

/**
 * The demo's people and their reports, as the values labs would print. The demo patient's four
 * reports span eighteen months at two labs with two house styles, units and ranges: haemoglobin
 * and fasting glucose leave their ranges and come back, vitamin D climbs into range, and the
 * third report (low haemoglobin, high sugar) is the one the demo chats are about.
 */

const PUNE = { name: 'Saathi Demo Diagnostics', city: '12, MG Road, Pune 411001' };
const DELHI = { name: 'Sanjeevani Path Labs (Demo)', city: 'Lajpat Nagar, New Delhi' };

export interface DemoPerson {
  email: string;
  full_name: string;
  language: 'en' | 'hi';
  age: number;
  sex: 'Male' | 'Female';
}

export interface DemoReport {
  /** The file name the report is uploaded as; with the owner, what makes it the same report again. */
  file: string;
  report: Omit<LabReport, 'patient'>;
  /** Questions the owner asks about this report, in order; some with the owner's rating of the answer. */
  questions?: DemoQuestion[];
}

/** A question, or a question whose answer the owner rated (the back office's satisfaction rate). */
export type DemoQuestion = string | { ask: string; rating: 'helpful' | 'not_helpful' | 'irrelevant' };

const row = (name: string, value: string, unit: string, range: string, mark?: 'H' | 'L'): LabRow => ({
  name,
  value,
  unit,
  range,
  mark,
});

export const DEMO_PATIENT: DemoPerson = {
  email: 'demo@reportsaathi.in',
  full_name: 'Demo Patient',
  language: 'en',
  age: 45,
  sex: 'Female',
};

export const DEMO_PATIENT_REPORTS: DemoReport[] = [
  {
    file: 'checkup-may-2025.txt',
    report: {
      lab: PUNE,
      collected: '2025-05-20',
      style: 'A',
      sections: [
        {
          title: 'Complete Blood Count',
          rows: [
            row('Haemoglobin', '12.6', 'g/dL', '12.0 - 15.5'),
            row('Total Leucocyte Count', '7,200', '/cumm', '4,000 - 11,000'),
            row('Platelet Count', '2,60,000', '/cumm', '1,50,000 - 4,10,000'),
          ],
        },
        {
          title: 'Diabetes Screen',
          rows: [row('Glucose Fasting', '98', 'mg/dL', '70 - 100'), row('HbA1c', '5.6', '%', '< 5.7')],
        },
        {
          title: 'Thyroid and Vitamins',
          rows: [
            row('TSH', '3.1', 'µIU/mL', '0.27 - 4.20'),
            row('Vitamin D (25-OH)', '24', 'ng/mL', '30 - 100', 'L'),
          ],
        },
        {
          title: 'Lipid Profile',
          rows: [
            row('Total Cholesterol', '192', 'mg/dL', '< 200'),
            row('Triglycerides', '138', 'mg/dL', '< 150'),
          ],
        },
      ],
    },
  },
  {
    file: 'sanjeevani-nov-2025.txt',
    report: {
      lab: DELHI,
      collected: '2025-11-14',
      style: 'B',
      sections: [
        {
          title: 'Haemogram',
          rows: [
            row('Haemoglobin', '11.1', 'g/dL', '11.5 - 16.0', 'L'),
            row('Total Leucocyte Count', '8,100', '/cumm', '4,000 - 11,000'),
            row('Platelet Count', '2,45,000', '/cumm', '1,50,000 - 4,10,000'),
          ],
        },
        {
          title: 'Blood Sugar',
          rows: [
            row('Glucose Fasting', '6.3', 'mmol/L', '3.9 - 5.6', 'H'),
            row('HbA1c', '6.1', '%', '< 5.7', 'H'),
          ],
        },
        {
          title: 'Thyroid and Vitamins',
          rows: [
            row('TSH', '4.9', 'µIU/mL', '0.35 - 5.50'),
            row('Vitamin D (25-OH)', '19', 'ng/mL', '30 - 100', 'L'),
          ],
        },
        {
          title: 'Lipid Profile',
          rows: [
            row('Total Cholesterol', '226', 'mg/dL', '< 200', 'H'),
            row('Triglycerides', '182', 'mg/dL', '< 150', 'H'),
          ],
        },
      ],
    },
    questions: [{ ask: 'Why is my sugar high now when it was normal in May?', rating: 'helpful' }],
  },
  {
    file: 'checkup-may-2026.txt',
    report: {
      lab: PUNE,
      collected: '2026-05-08',
      style: 'A',
      sections: [
        {
          title: 'Complete Blood Count',
          rows: [
            row('Haemoglobin', '11.4', 'g/dL', '12.0 - 15.5', 'L'),
            row('Total Leucocyte Count', '6,900', '/cumm', '4,000 - 11,000'),
            row('Platelet Count', '2,38,000', '/cumm', '1,50,000 - 4,10,000'),
          ],
        },
        {
          title: 'Diabetes Screen',
          rows: [
            row('Glucose Fasting', '126', 'mg/dL', '70 - 100', 'H'),
            row('HbA1c', '6.4', '%', '< 5.7', 'H'),
          ],
        },
        {
          title: 'Thyroid and Vitamins',
          rows: [
            row('TSH', '5.6', 'µIU/mL', '0.27 - 4.20', 'H'),
            row('Vitamin D (25-OH)', '31', 'ng/mL', '30 - 100'),
          ],
        },
        {
          title: 'Lipid Profile',
          rows: [
            row('Total Cholesterol', '214', 'mg/dL', '< 200', 'H'),
            row('Triglycerides', '168', 'mg/dL', '< 150', 'H'),
          ],
        },
      ],
    },
    questions: [
      { ask: 'What does my report say?', rating: 'helpful' },
      { ask: 'मुझे क्या खाना चाहिए?', rating: 'helpful' },
      { ask: 'Which doctor should I see?', rating: 'not_helpful' },
      'When should I get tested again?',
    ],
  },
  {
    file: 'sanjeevani-nov-2026.txt',
    report: {
      lab: DELHI,
      collected: '2026-11-18',
      style: 'B',
      sections: [
        {
          title: 'Haemogram',
          rows: [
            row('Haemoglobin', '12.3', 'g/dL', '11.5 - 16.0'),
            row('Total Leucocyte Count', '7,400', '/cumm', '4,000 - 11,000'),
            row('Platelet Count', '2,52,000', '/cumm', '1,50,000 - 4,10,000'),
          ],
        },
        {
          title: 'Blood Sugar',
          rows: [
            row('Glucose Fasting', '5.4', 'mmol/L', '3.9 - 5.6'),
            row('HbA1c', '5.9', '%', '< 5.7', 'H'),
          ],
        },
        {
          title: 'Thyroid and Vitamins',
          rows: [
            row('TSH', '3.8', 'µIU/mL', '0.35 - 5.50'),
            row('Vitamin D (25-OH)', '36', 'ng/mL', '30 - 100'),
          ],
        },
        {
          title: 'Lipid Profile',
          rows: [
            row('Total Cholesterol', '188', 'mg/dL', '< 200'),
            row('Triglycerides', '140', 'mg/dL', '< 150'),
          ],
        },
      ],
    },
    questions: [{ ask: 'Is my haemoglobin better now?', rating: 'helpful' }],
  },
];

/** A few more patients, so the back office's lists and the moderation queue have rows. */
export const OTHER_PATIENTS: Array<DemoPerson & { reports: DemoReport[] }> = [
  {
    email: 'ravi.kumar@demo.reportsaathi.in',
    full_name: 'Ravi Kumar',
    language: 'hi',
    age: 52,
    sex: 'Male',
    reports: [
      {
        file: 'ravi-sugar-oct-2026.txt',
        report: {
          lab: DELHI,
          collected: '2026-10-02',
          style: 'B',
          sections: [
            {
              title: 'Blood Sugar',
              rows: [
                row('Glucose Fasting', '8.1', 'mmol/L', '3.9 - 5.6', 'H'),
                row('HbA1c', '7.4', '%', '< 5.7', 'H'),
              ],
            },
            {
              title: 'Kidney Function',
              rows: [row('Serum Creatinine', '1.1', 'mg/dL', '0.7 - 1.3')],
            },
          ],
        },
        questions: ['मेरी शुगर ज़्यादा क्यों है?'],
      },
      {
        file: 'ravi-sugar-nov-2026.txt',
        report: {
          lab: PUNE,
          collected: '2026-11-20',
          style: 'A',
          sections: [
            {
              title: 'Diabetes Screen',
              rows: [
                row('Glucose Fasting', '132', 'mg/dL', '70 - 100', 'H'),
                row('HbA1c', '7.0', '%', '< 5.7', 'H'),
              ],
            },
          ],
        },
        questions: [{ ask: 'Kya khana chahiye sugar ke liye?', rating: 'irrelevant' }],
      },
    ],
  },
  {
    email: 'priya.nair@demo.reportsaathi.in',
    full_name: 'Priya Nair',
    language: 'en',
    age: 29,
    sex: 'Female',
    reports: [
      {
        file: 'priya-cbc-nov-2026.txt',
        report: {
          lab: PUNE,
          collected: '2026-11-10',
          style: 'A',
          sections: [
            {
              title: 'Complete Blood Count',
              rows: [
                row('Haemoglobin', '10.2', 'g/dL', '12.0 - 15.5', 'L'),
                row('Platelet Count', '2,10,000', '/cumm', '1,50,000 - 4,10,000'),
              ],
            },
            { title: 'Vitamins', rows: [row('Vitamin B12', '160', 'pg/mL', '211 - 911', 'L')] },
          ],
        },
        // Abuse aimed at the assistant: the chat flags it for the moderation queue by itself.
        questions: [
          'What exercise is safe for me?',
          'You useless bot, you idiots never give a straight answer',
        ],
      },
    ],
  },
  {
    email: 'arjun.mehta@demo.reportsaathi.in',
    full_name: 'Arjun Mehta',
    language: 'en',
    age: 34,
    sex: 'Male',
    reports: [
      {
        // A staff member flags this one for review (the moderation queue's report).
        file: 'arjun-lipids-sep-2026.txt',
        report: {
          lab: DELHI,
          collected: '2026-09-15',
          style: 'B',
          sections: [
            {
              title: 'Lipid Profile',
              rows: [
                row('Total Cholesterol', '262', 'mg/dL', '< 200', 'H'),
                row('Triglycerides', '310', 'mg/dL', '< 150', 'H'),
              ],
            },
          ],
        },
      },
    ],
  },
];

/** A patient a staff member suspended (an audit row with its reason). */
export const SUSPENDED_PATIENT: DemoPerson = {
  email: 'suspended@demo.reportsaathi.in',
  full_name: 'Suspended Demo Account',
  language: 'en',
  age: 40,
  sex: 'Male',
};

/**
 * Staff of each role below the super admin (whose password `npm start` generates and prints once).
 * Fixed, documented passwords: the demo is for trying the product, and DEMO_DATA is off in
 * production unless asked for.
 */
export const DEMO_STAFF = [
  { username: 'demo-admin', password: 'demo-admin-2026', role: 'admin', full_name: 'Asha Admin' },
  {
    username: 'demo-moderator',
    password: 'demo-moderator-2026',
    role: 'moderator',
    full_name: 'Mohan Moderator',
  },
  { username: 'demo-viewer', password: 'demo-viewer-2026', role: 'viewer', full_name: 'Vidya Viewer' },
] as const;

export const DEMO_PASSWORD = 'demo1234';
