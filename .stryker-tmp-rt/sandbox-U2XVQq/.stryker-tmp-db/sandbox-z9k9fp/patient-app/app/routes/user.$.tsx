// @ts-nocheck
// 
import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';

export const meta: MetaFunction = () => [{ title: 'Coming soon | ReportSaathi' }];

/** Any other /user/* address: the panel stays, with a plain note instead of 'Page not found'. */
export default function UserPlaceholder() {
  return (
    <div className="card">
      <h1>Coming soon</h1>
      <p>This feature will be implemented in future sessions.</p>
      <Link to="/user/dashboard" className="btn btn-outline">
        Go to Dashboard
      </Link>
    </div>
  );
}
