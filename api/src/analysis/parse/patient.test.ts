import { describe, expect, it } from 'vitest';
import { readPatient } from './patient';

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
