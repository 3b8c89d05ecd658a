import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { useSite } from '../utils/use-site';
import { MedicalDisclaimerHi } from '../components/legal/medical-disclaimer-hi';
import { metaLang, usePageLang } from '../utils/use-lang';

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaLang(matches) === 'hi' ? 'चिकित्सा अस्वीकरण' : 'Medical Disclaimer'} | ReportSaathi` },
];

const UPDATED = 'November 1, 2026';
const UPDATED_HI = '1 नवंबर 2026';

export default function MedicalDisclaimer() {
  const { supportEmail, infoEmail } = useSite();
  if (usePageLang() === 'hi')
    return <MedicalDisclaimerHi updated={UPDATED_HI} supportEmail={supportEmail} infoEmail={infoEmail} />;
  return (
    <article className="container narrow page-pad legal">
      <h1>Medical Disclaimer</h1>
      <p className="muted">Last updated: {UPDATED}</p>
      <div className="disclaimer-box" role="note">
        <strong>Important:</strong> ReportSaathi explains medical reports for education only. It does not
        diagnose, treat or prescribe. Always talk to a qualified doctor before making any decision about your
        health. In an emergency call <a href="tel:108">108</a> or <a href="tel:102">102</a> immediately.
      </div>

      <h2>1. Educational purpose only</h2>
      <p>
        The analyses, summaries, key findings, recommendations and chat answers on ReportSaathi are general
        educational information. They help you understand the words and numbers in your report so that you can
        have a better conversation with your doctor. They are not medical advice, a diagnosis or a treatment
        plan.
      </p>

      <h2>2. A supplement to professional care, never a replacement</h2>
      <p>
        The AI analysis supplements the care you receive from registered medical practitioners; it does not
        replace it. Your doctor knows your history, examines you and can order further tests. Do not delay
        seeing a doctor, and do not ignore or disregard professional medical advice, because of something you
        read on ReportSaathi.
      </p>

      <h2>3. No treatment, dosage, surgical or alternative-medicine advice</h2>
      <p>
        ReportSaathi does not recommend or change treatments or medicines, does not suggest doses, does not
        advise on whether to have surgery or any procedure, and does not recommend alternative or traditional
        therapies. Never start, stop or change a medicine based on the analysis. Questions of that kind belong
        with your doctor or pharmacist.
      </p>

      <h2>4. Accuracy and its limits</h2>
      <p>The quality of an analysis depends on the report you upload. In particular it depends on:</p>
      <ul>
        <li>
          <strong>Report quality:</strong> a blurred photo, a faint scan or a cropped page can cause values to
          be misread or missed.
        </li>
        <li>
          <strong>Completeness:</strong> missing pages, units or reference ranges limit what can be explained.
        </li>
        <li>
          <strong>Standard formatting:</strong> unusual layouts, handwriting or non-standard abbreviations may
          not be recognised.
        </li>
        <li>
          <strong>Recency:</strong> an old report may not reflect your current health.
        </li>
      </ul>
      <p>
        Reference ranges differ between laboratories, methods, ages and sexes. A value marked high or low is a
        prompt to discuss it with your doctor, not a conclusion. Always check important values against the
        original report.
      </p>

      <h2>5. Analysis by AI, not by human professionals</h2>
      <p>
        Analyses and chat answers are produced automatically by software, including artificial-intelligence
        models. No doctor, pathologist or other healthcare professional reviews your report or the explanation
        before you see it. AI can make mistakes, including confident-sounding ones.
      </p>

      <h2>6. Age and supervision</h2>
      <p>
        ReportSaathi is intended for adults aged 18 and over. Minors may use it only under the supervision of
        a parent, guardian or other responsible adult, who should review any information with a doctor.
      </p>

      <h2>7. Reports you upload</h2>
      <p>
        Only upload reports that are your own, or that you have the right or the consent to share (for
        example, a report of a family member who has asked you to help them). Do not upload reports of other
        people without their permission.
      </p>

      <h2>8. Emergencies</h2>
      <h3>8.1 Do not use ReportSaathi in an emergency</h3>
      <p>
        If you or someone near you has chest pain, difficulty breathing, severe bleeding, sudden weakness,
        confusion, fainting, a seizure or any other urgent symptom, stop and get help right away.
      </p>
      <h3>8.2 Emergency numbers in India</h3>
      <ul>
        <li>
          <strong>108</strong>: emergency response (medical, police, fire in most states)
        </li>
        <li>
          <strong>102</strong>: ambulance
        </li>
        <li>
          <strong>100</strong>: police
        </li>
        <li>
          <strong>101</strong>: fire
        </li>
      </ul>

      <h2>9. Critical values</h2>
      <p>
        When a value in your report is far outside its range, ReportSaathi highlights it. A highlighted
        critical value means you should contact your doctor or the laboratory promptly, the same day if
        possible. The absence of a highlight does not mean that everything is normal.
      </p>

      <h2>10. No doctor-patient relationship</h2>
      <p>
        Using ReportSaathi, including its chat, does not create a doctor-patient relationship between you and
        ReportSaathi or anyone working with it.
      </p>

      <h2>11. Third-party information</h2>
      <p>
        Explanations draw on general medical knowledge and published reference information. We do not endorse
        any laboratory, hospital, test, product or practitioner mentioned in a report or an answer.
      </p>

      <h2>12. Limitation of liability</h2>
      <p>
        To the extent permitted by law, ReportSaathi is not liable for any decision taken, or not taken, on
        the basis of information from the service. You remain responsible for your health decisions, made
        together with your doctor.
      </p>

      <h2>13. Changes to this disclaimer</h2>
      <p>
        We may update this disclaimer as the service changes. The date at the top shows the latest version;
        continuing to use the service after a change means you accept the updated text.
      </p>

      <h2>14. Related documents</h2>
      <p>
        Please also read our <Link to="/terms-of-service">Terms of Service</Link> and{' '}
        <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>

      <h2>15. Contact</h2>
      <p>
        Questions about this disclaimer or the service: support at{' '}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a>; general inquiries at{' '}
        <a href={`mailto:${infoEmail}`}>{infoEmail}</a>.
      </p>

      <div className="disclaimer-box">
        <h2>Final reminder</h2>
        <p>
          ReportSaathi helps you understand your report. Your doctor helps you understand your health. Please
          take any questions or concerns raised here to a qualified healthcare professional.
        </p>
        <h2>Acknowledgment</h2>
        <p>
          By using ReportSaathi you acknowledge that you have read and understood this Medical Disclaimer,
          that the information provided is educational and produced by AI, and that you will consult a
          qualified healthcare professional for medical advice, diagnosis and treatment.
        </p>
      </div>
    </article>
  );
}
