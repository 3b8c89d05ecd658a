import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { useSite } from '../utils/use-site';
import { PrivacyPolicyHi } from '../components/legal/privacy-policy-hi';
import { metaLang, usePageLang } from '../utils/use-lang';

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaLang(matches) === 'hi' ? 'गोपनीयता नीति' : 'Privacy Policy'} | ReportSaathi` },
];

const UPDATED = 'November 1, 2026';
const UPDATED_HI = '1 नवंबर 2026';

export default function PrivacyPolicy() {
  const { supportEmail, infoEmail } = useSite();
  if (usePageLang() === 'hi')
    return <PrivacyPolicyHi updated={UPDATED_HI} supportEmail={supportEmail} infoEmail={infoEmail} />;
  return (
    <article className="container narrow page-pad legal">
      <h1>Privacy Policy</h1>
      <p className="muted">Last updated: {UPDATED}</p>
      <p>
        Medical reports are among the most personal documents you have. This policy explains what ReportSaathi
        collects, why, how long we keep it and the choices you have. We process personal data in line with
        India's Digital Personal Data Protection Act, 2023 and the Information Technology Act, 2000 and its
        rules.
      </p>

      <h2>1. Information we collect</h2>
      <ul>
        <li>
          <strong>Account information:</strong> your name and e-mail address.
        </li>
        <li>
          <strong>Authentication data:</strong> your password (stored only as a salted hash), sign-in
          sessions, and the time and device of sign-ins, to keep your account safe.
        </li>
        <li>
          <strong>Profile preferences:</strong> language, theme, notification and privacy choices.
        </li>
        <li>
          <strong>Payment information:</strong> if you buy a paid plan, the plan, amounts and the reference
          returned by the payment provider. Card and UPI details are handled by the payment provider, not
          stored by us.
        </li>
        <li>
          <strong>Medical reports:</strong> the files you upload and the text and values read from them.
        </li>
        <li>
          <strong>Analysis results:</strong> summaries, key findings, recommendations and confidence scores.
        </li>
        <li>
          <strong>Chat conversations:</strong> the questions you ask about a report and the answers.
        </li>
        <li>
          <strong>Feedback:</strong> your ratings and comments on analyses and answers.
        </li>
      </ul>
      <p>
        Guests who use the free analyzer without an account are identified only by a temporary session; their
        reports are deleted automatically 48 hours after upload.
      </p>

      <h2>2. How we use it</h2>
      <ul>
        <li>To analyse your reports and answer your questions about them.</li>
        <li>
          To run your account, keep it secure and prevent abuse (for example, daily limits for the free
          analyzer).
        </li>
        <li>
          To improve the quality of explanations, using feedback and, only if you allow it, anonymized data.
        </li>
        <li>To meet legal obligations.</li>
      </ul>
      <p>We do not sell your personal data and we do not use your medical reports for advertising.</p>

      <h2>3. Sharing</h2>
      <p>
        We share data only with service providers who help us run ReportSaathi (hosting, storage, AI
        processing, payments, e-mail), under contracts that limit their use of it, and with authorities when
        the law requires it.
      </p>

      <h2>4. Security</h2>
      <p>
        Data travels over encrypted connections. Access inside ReportSaathi is role-based: staff see only what
        their role needs, every administrative action is recorded in an audit log, and administrative access
        is protected by multi-factor authentication.
      </p>

      <h2>5. Retention</h2>
      <ul>
        <li>
          Your reports, analyses and chats are kept while your account is active, unless you delete them.
        </li>
        <li>
          You can set a custom retention period for your reports, from 30 days to 7 years; older reports are
          then deleted automatically.
        </li>
        <li>
          Inactive accounts older than 2 years may be archived or deleted, after a notice to your e-mail
          address.
        </li>
        <li>Guest reports and their files are deleted 48 hours after upload.</li>
      </ul>

      <h2>6. Your rights</h2>
      <p>
        You may access, correct, export and delete your data, withdraw consent and nominate another person to
        exercise your rights. Most of this can be done from your account; otherwise write to us at the address
        below and we will respond within 30 days.
      </p>

      <h2>7. Data breaches</h2>
      <p>
        If a personal data breach affects you, we will notify you and the Data Protection Board of India
        within 72 hours of becoming aware of it, with what happened and what you can do.
      </p>

      <h2>8. Children</h2>
      <p>
        ReportSaathi is for adults. The minimum age to create an account is 18. We do not knowingly collect
        data from children without the verifiable consent of a parent or guardian.
      </p>

      <h2>9. Cookies</h2>
      <p>
        We use a small number of essential cookies: one keeps you signed in (for up to 7 days) and one carries
        short messages between pages. The free analyzer keeps your temporary session id in your browser. We
        use no advertising cookies.
      </p>

      <h2>10. Changes</h2>
      <p>
        We will post any change here and update the date above; for significant changes we will also notify
        you by e-mail.
      </p>

      <h2>11. Contact and grievance officer</h2>
      <p>
        Privacy questions and requests: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. General
        inquiries: <a href={`mailto:${infoEmail}`}>{infoEmail}</a>. See also our{' '}
        <Link to="/terms-of-service">Terms of Service</Link> and{' '}
        <Link to="/medical-disclaimer">Medical Disclaimer</Link>.
      </p>
    </article>
  );
}
