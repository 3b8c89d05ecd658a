import type { DB } from '@reportsaathi/db';
import { getBoolSetting } from '../settings/settings.service';

/** When on, an admin without two-factor sign-in may do nothing but set it up (and sign out). */
export const REQUIRE_2FA_SETTING = 'require_2fa_for_admins';

export function requireTwoFactorForAdmins(db: DB): Promise<boolean> {
  return getBoolSetting(db, REQUIRE_2FA_SETTING);
}
