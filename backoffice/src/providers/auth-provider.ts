import type { AuthProvider } from '@refinedev/core';
import { adminLoginResponse, adminMe, type AdminMe } from '@reportsaathi/contracts/auth';
import { needsSecondFactor } from '@reportsaathi/contracts/client';
import { permissionsFor } from '@reportsaathi/contracts/permissions';
import { api, ApiError, nextSessionEpoch, sessionEpoch } from './http';
import { forgetSessionQueries } from './query-client';

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/dashboard';

/** The admin login messages, word for word as the login screen shows them. */
export const LOGIN_FAILED = 'Login failed';
export const UNEXPECTED_ERROR = 'An unexpected error occurred';

/**
 * The signed-in admin as the server last described it. Only the profile is kept in memory: the
 * token lives in the httpOnly `admin_token` cookie, so nothing here can leak it.
 */
let cached: AdminMe | null = null;
let pending: Promise<AdminMe | null> | null = null;

function setSession(admin: AdminMe | null): void {
  cached = admin;
  pending = null;
  nextSessionEpoch();
  forgetSessionQueries();
}

async function fetchMe(): Promise<AdminMe | null> {
  try {
    const body: unknown = await api.staffSession.me();
    const parsed = adminMe.safeParse(body);
    if (!parsed.success) {
      console.error('GET /admin/me returned an unexpected shape', parsed.error);
      return null;
    }
    return parsed.data;
  } catch (error) {
    if (error instanceof ApiError && (error.statusCode === 401 || error.statusCode === 403)) return null;
    throw error;
  }
}

/**
 * The current admin. `fresh` asks the server (one call per guarded mount); otherwise the last
 * answer is reused, and concurrent callers share one request.
 */
export async function currentAdmin(fresh = false): Promise<AdminMe | null> {
  if (!fresh && cached) return cached;
  if (!pending) {
    pending = fetchMe().then(
      (admin) => {
        cached = admin;
        pending = null;
        return admin;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
  }
  return pending;
}

/** The password step, or (two-factor sign-in on) the second step with the challenge it answered. */
export type LoginParams =
  { username: string; password: string } | { challenge: string; code?: string; recovery_code?: string };

/** The login result's extra field when the account asks for a second factor. */
export interface SecondStepNeeded {
  challenge: string;
  message: string;
}

export const authProvider: AuthProvider = {
  login: async (params: LoginParams) => {
    try {
      const step =
        'challenge' in params
          ? await api.staffSession.loginSecondStep({ body: params })
          : await api.staffSession.login({ body: { username: params.username, password: params.password } });
      if (needsSecondFactor(step)) {
        // No session yet: the login page asks for the code and calls login again with it.
        const twoFactor: SecondStepNeeded = { challenge: step.challenge, message: step.message };
        return { success: false, twoFactor };
      }
      const body: unknown = step;
      const parsed = adminLoginResponse.safeParse(body);
      if (!parsed.success) {
        console.error('POST /admin/login returned an unexpected shape', parsed.error);
        return { success: false, error: { name: LOGIN_FAILED, message: UNEXPECTED_ERROR } };
      }
      // The access_token in the body is for API clients; the browser is authenticated by the
      // httpOnly cookie the same response set, so the token is deliberately dropped here.
      setSession(parsed.data.admin);
      return { success: true, redirectTo: HOME_PATH };
    } catch (error) {
      // An answer from the server: its detail, else 'Login failed'. No answer at all: unexpected.
      const message =
        error instanceof ApiError && error.status > 0 ? error.detail || LOGIN_FAILED : UNEXPECTED_ERROR;
      return { success: false, error: { name: LOGIN_FAILED, message } };
    }
  },

  logout: async () => {
    try {
      await api.staffSession.logout();
    } catch (error) {
      // Signing out locally must still work when the server session is already gone (401).
      if (!(error instanceof ApiError && error.statusCode === 401))
        console.warn('POST /admin/logout failed', error);
    }
    setSession(null);
    return { success: true, redirectTo: LOGIN_PATH };
  },

  check: async () => {
    try {
      const admin = await currentAdmin(true);
      if (admin) return { authenticated: true };
    } catch (error) {
      console.error('Could not check the admin session', error);
    }
    return { authenticated: false, redirectTo: LOGIN_PATH };
  },

  onError: async (error: unknown) => {
    const { statusCode, sessionEpoch: sentUnder } =
      error && typeof error === 'object' ? (error as { statusCode?: unknown; sessionEpoch?: unknown }) : {};
    if (Number(statusCode) !== 401) return {};
    // A 401 to a request sent under an earlier sign-in says nothing about the current one.
    if (typeof sentUnder === 'number' && sentUnder !== sessionEpoch()) return {};
    // Already signed out here: just go to the login page, no second logout call.
    if (!cached) return { redirectTo: LOGIN_PATH };
    return { logout: true, redirectTo: LOGIN_PATH, error: error as Error };
  },

  getIdentity: async () => currentAdmin(),

  getPermissions: async () => {
    const admin = await currentAdmin();
    return admin ? permissionsFor(admin.role) : [];
  },
};
