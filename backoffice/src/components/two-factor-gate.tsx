import { useEffect } from 'react';
import { useGetIdentity } from '@refinedev/core';
import { useLocation, useNavigate } from 'react-router';
import type { AdminMe } from '@reportsaathi/contracts/auth';
import { api } from '../providers/http';

export const SETUP_PATH = '/security';

/**
 * 'Require 2FA for all admins' (decision 080): while it is on and this admin has no second factor,
 * the API refuses everything but the 2FA setup calls with `two_factor_setup_required`. Rather than
 * show a wall of errors, every page sends the admin to the Security page, which sets it up. Once
 * an admin is known to be fine (not required, or enabled) nobody asks again until the next sign-in.
 */
let satisfiedAdmin: number | null = null;

export function TwoFactorGate() {
  const { data: admin } = useGetIdentity<AdminMe | null>();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!admin || pathname === SETUP_PATH || satisfiedAdmin === admin.id) return;
    let live = true;
    api.staffOwnSecurity
      .twoFactorStatus()
      .then((s) => {
        if (!s.required || s.enabled) satisfiedAdmin = admin.id;
        else if (live) void navigate(`${SETUP_PATH}?required=1`, { replace: true });
      })
      .catch(() => undefined); // the page's own calls report a failure
    return () => {
      live = false;
    };
  }, [admin, pathname, navigate]);
  return null;
}
