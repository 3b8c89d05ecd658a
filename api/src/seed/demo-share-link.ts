import type { AppDeps } from '../context';
import { insertShareLink } from '../features/share-links/share-links.repo';
import { hashPin, hashToken, newToken, sealToken } from '../features/share-links/share-secrets';

/** The demo's share link PIN: demo data only, in the README so a newcomer can open the link. */
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
  });
  const path = `/s/${token}`;
  // Neither the link nor its PIN is logged (decision 212): say where to find them instead.
  deps.logger.info(
    "Demo data: a share link to the demo patient's newest report, listed on that report and in the patient's /user/security (PIN in the README)",
  );
  return { path };
}
