import { Link } from '@remix-run/react';

/** The footer: quick links, legal links, support contact, medical notice, emergency banner. */
export function SiteFooter({ supportEmail, signedIn }: { supportEmail: string; signedIn: boolean }) {
  return (
    <footer className="site-footer">
      <div className="emergency-banner" role="note">
        <strong>Medical emergency?</strong> Call <a href="tel:108">108</a> (India emergency) or{' '}
        <a href="tel:102">102</a> (ambulance) right away. Do not wait for an online analysis.
      </div>
      <div className="container footer-grid">
        <div>
          <p className="footer-brand">ReportSaathi</p>
          <p className="muted-on-dark">Your medical reports, explained in plain language.</p>
        </div>
        <nav aria-label="Quick links">
          <h2 className="footer-heading">Quick Links</h2>
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/analyze">Try Analysis</Link>
            </li>
            {/* Signed in, Login and Register lead nowhere useful: the user's own pages stand in for them. */}
            {signedIn ? (
              <>
                <li>
                  <Link to="/dashboard">Dashboard</Link>
                </li>
                <li>
                  <Link to="/upload">Upload Report</Link>
                </li>
              </>
            ) : (
              <>
                <li>
                  <Link to="/login">Login</Link>
                </li>
                <li>
                  <Link to="/register">Register</Link>
                </li>
              </>
            )}
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="footer-heading">Legal</h2>
          <ul>
            <li>
              <Link to="/terms-of-service">Terms of Service</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/medical-disclaimer">Medical Disclaimer</Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="footer-heading">Support</h2>
          <p>
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </p>
        </div>
      </div>
      <div className="container medical-notice">
        <p>
          <strong>Medical notice:</strong> ReportSaathi explains reports for education only. It is not a
          diagnosis and is no substitute for professional medical advice. Always consult a qualified doctor
          about your health.
        </p>
        <p className="muted-on-dark">© {new Date().getFullYear()} ReportSaathi</p>
      </div>
    </footer>
  );
}
