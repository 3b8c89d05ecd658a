import { describe, expect, it } from 'vitest';
import { readCollectionDate, readLabName, readPatient } from './patient';

describe('readPatient', () => {
  it.each([
    ['Age / Sex : 49 Years / Female', 49, 'female'],
    ['AGE/SEX : 35 YRS / M', 35, 'male'],
    ['Age : 48 Yrs   Sex : Male', 48, 'male'],
    ['Sex/Age: Female / 27', 27, 'female'],
    ['Patient: Mrs. Asha Rao   Age: 61', 61, 'female'],
    // A report printed in Hindi.
    ['रोगी का नाम : सुनीता देवी      आयु/लिंग : 45 वर्ष / महिला', 45, 'female'],
    ['नाम : रमेश कुमार   उम्र : 52 साल   लिंग : पुरुष', 52, 'male'],
  ])('%s', (line, age, sex) => {
    expect(readPatient(['LAB NAME', line])).toEqual({ age, sex });
  });

  it('reads nothing where nothing is printed', () => {
    expect(readPatient(['Haemoglobin   13.5   g/dL   13.0 - 17.0'])).toEqual({ age: null, sex: null });
  });
});

describe('readCollectionDate', () => {
  it.each([
    ['Collected    : 18/11/2026 08:10          Reported: 20/11/2026 14:30', '2026-11-18'],
    ['Sample Collected On : 03-Feb-2025 09:12 AM', '2025-02-03'],
    ['Collection Date: 2025-06-30', '2025-06-30'],
    ['Coll. Date : 5.1.24', '2024-01-05'],
    ['Reg. Date: 04/01/24   Coll. Date: 05/01/24', '2024-01-05'],
    ['Reported On: 12 Mar 2025   Registered On: 11 Mar 2025', '2025-03-11'],
    ['Report Date : March 9, 2024', '2024-03-09'],
    ['Date : 01/07/2025', '2025-07-01'],
    ['नमूना संग्रह तिथि : 14/08/2025', '2025-08-14'],
    ['Collected : 31/02/2026', null], // no such day
    ['Haemoglobin 12.1 g/dL 13.0 - 17.0', null],
  ])('%s', (line, date) => {
    expect(readCollectionDate(['LAB NAME', 'Patient Name : Mr. X   Age/Sex : 45 Y / Male', line])).toBe(date);
  });

  it('prefers the collection date to a report date printed above it', () => {
    expect(readCollectionDate(['Report Date: 22/11/2025', 'Sample Collected: 20/11/2025'])).toBe(
      '2025-11-20',
    );
  });
});

describe('readLabName', () => {
  it.each([
    [['SUNRISE DIAGNOSTICS', '12, MG Road, Pune 411001', 'Name : Asha Rao'], 'SUNRISE DIAGNOSTICS'],
    [['   ** City Path Lab **   |  Ph: 020-1234567', 'Patient: Ravi'], 'City Path Lab'],
    [['Shree Clinical Laboratory    NABL accredited', 'Age: 40'], 'Shree Clinical Laboratory'],
    [['Patient: Ravi Kumar', 'Lab Name : Apex Pathology Centre', 'Hb 13'], 'Apex Pathology Centre'],
    [['Processed at: Metro Labs, 4 Ring Road'], 'Metro Labs'],
    [['Jeevan Hospital, 22 Station Road', 'Department of Laboratory Medicine'], 'Jeevan Hospital'],
  ])('%j', (lines, name) => {
    expect(readLabName(lines)).toBe(name);
  });

  it('is not a title, a department or a referring clinic', () => {
    expect(
      readLabName([
        'LABORATORY TEST REPORT',
        'Department of Pathology',
        'Referred by: Dr. Mehta, Care Clinic',
        'Haemoglobin   13.5   g/dL   13.0 - 17.0',
      ]),
    ).toBeNull();
  });
});
