import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { useSite } from '../utils/use-site';
import { TermsOfServiceHi } from '../components/legal/terms-of-service-hi';
import { metaLang, usePageLang } from '../utils/use-lang';

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaLang(matches) === 'hi' ? 'सेवा की शर्तें' : 'Terms of Service'} | ReportSaathi` },
];

const UPDATED = 'November 1, 2026';
const UPDATED_HI = '1 नवंबर 2026';

export default function TermsOfService() {
  const { supportEmail } = useSite();
  if (usePageLang() === 'hi') return <TermsOfServiceHi updated={UPDATED_HI} supportEmail={supportEmail} />;
  return (
    <article className="container narrow page-pad legal">
      <h1>Terms of Service</h1>
      <p className="muted">Last updated: {UPDATED}</p>
      <p>
        These terms govern your use of ReportSaathi, a web service that explains medical reports in plain
        language. By using the service you agree to them. If you do not agree, please do not use ReportSaathi.
      </p>

      <h2>1. What the service is</h2>
      <p>
        ReportSaathi reads the medical reports you upload (PDF, PNG, JPG, JPEG or TXT, up to 10 MB) and gives
        an AI-generated summary, key findings, recommendations and a confidence score. Registered users can
        also chat about a report and keep a history of their reports. The output is educational only and is no
        substitute for professional medical advice; please read our{' '}
        <Link to="/medical-disclaimer">Medical Disclaimer</Link>.
      </p>

      <h2>2. Eligibility</h2>
      <p>
        You must be at least 18 years old to create an account. Minors may use the service only under the
        supervision of a parent or guardian.
      </p>

      <h2>3. Your account</h2>
      <p>
        Give accurate information, keep your password secret and tell us at once if you suspect someone else
        is using your account. You are responsible for activity under your account.
      </p>

      <h2>4. Free analysis for guests</h2>
      <p>
        Without an account you may analyse a limited number of reports per day (currently 3). Guest reports
        are kept for 48 hours and then deleted. Limits apply per session and per network address.
      </p>

      <h2>5. Acceptable use</h2>
      <ul>
        <li>Upload only reports that are yours or that you have permission to share.</li>
        <li>
          Do not upload unlawful, harmful or unrelated content, or try to break, overload or probe the
          service.
        </li>
        <li>Do not use the service to give medical advice to others or for any commercial resale.</li>
      </ul>

      <h2>6. Your content</h2>
      <p>
        You keep all rights in your reports. You give us permission to store and process them only to provide
        the service to you, as described in our <Link to="/privacy-policy">Privacy Policy</Link>. You can
        delete a report at any time.
      </p>

      <h2>7. No medical advice</h2>
      <p>
        ReportSaathi does not diagnose, treat or prescribe, and no doctor reviews the analyses. Always consult
        a qualified healthcare professional. In an emergency call 108 or 102.
      </p>

      <h2>8. Paid plans</h2>
      <p>
        Some features may require a paid plan. Prices, billing cycles and what each plan includes are shown
        before you pay. You can cancel at any time; access continues to the end of the paid period.
      </p>

      <h2>9. Availability</h2>
      <p>
        We work to keep the service available and accurate but cannot promise it will always be uninterrupted
        or error-free. We may change or pause features, with notice where we reasonably can.
      </p>

      <h2>10. Limitation of liability</h2>
      <p>
        To the extent permitted by law, ReportSaathi is not liable for indirect or consequential loss, or for
        decisions made on the basis of its output. Nothing in these terms limits liability that cannot be
        limited by law.
      </p>

      <h2>11. Ending your use</h2>
      <p>
        You may delete your account at any time. We may suspend or close accounts that break these terms, and
        will tell you why unless the law prevents it.
      </p>

      <h2>12. Governing law</h2>
      <p>
        These terms are governed by the laws of India. Courts in India have jurisdiction over any dispute.
      </p>

      <h2>13. Contact</h2>
      <p>
        Questions about these terms: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    </article>
  );
}
