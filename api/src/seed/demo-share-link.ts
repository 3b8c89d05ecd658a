import type { AppDeps } from '../context';
import { insertShareLink } from '../features/share-links/share-links.repo';
import { hashPin, hashToken, newToken, openToken, sealToken } from '../features/share-links/share-secrets';

/** The demo's share link PIN: demo data only, in the README and the start banner so a newcomer can open the link. */
export const DEMO_SHARE_PIN = '246810';

/**
 * One active share link (30 days) on the demo patient's newest report (by sample date), so the
 * shared page and the print page's QR code have something to show on first start. Idempotent:
 * nothing when the patient already has a link.
 */
export async function seedDemoShareLink(
  deps: AppDeps,
  userId: number,
  reportId: number | undefined,
): Promise<{ path: string } | null> {
  if (reportId === undefined) return null;
  const existing = await deps.db
    .selectFrom('share_links')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .execute();
  if (existing.length) return null;
  const token = newToken();
  await insertShareLink(deps.db, {
    user_id: userId,
    report_id: reportId,
    token_hash: hashToken(token),
    token_sealed: sealToken(deps.jwtSecret, token),
    pin_hash: await hashPin(DEMO_SHARE_PIN),
    expires_at: new Date(Date.now() + 30 * 86_400_000),
    patient_details: null,
  });
  // Not logged: a link and its PIN are a credential (issue 32). The start banner prints it instead.
  return { path: `/s/${token}` };
}

/**
 * The demo patient's active share link, for the start banner (scripts/start.ts): the path opened
 * from its sealed token, or null when there is none (revoked, expired, or no demo data).
 */
export async function demoShareLinkPath(deps: Pick<AppDeps, 'db' | 'jwtSecret'>, email: string) {
  const row = await deps.db
    .selectFrom('share_links')
    .innerJoin('users', 'users.id', 'share_links.user_id')
    .select(['share_links.token_sealed'])
    .where('users.email', '=', email)
    .where('share_links.revoked_at', 'is', null)
    .where('share_links.expires_at', '>', new Date())
    .orderBy('share_links.created_at', 'desc')
    .executeTakeFirst();
  const token = row ? openToken(deps.jwtSecret, row.token_sealed) : null;
  return token ? `/s/${token}` : null;
}
