import {
  ANONYMIZE_MAX_DAYS,
  USER_MESSAGES,
  type AnonymizeRequest,
  type AnonymizeResponse,
  type PrivacyOverview,
  type RetentionSettings,
} from '@reportsaathi/contracts';
import { transaction, type User } from '@reportsaathi/db';
import type { Response } from 'express';
import type { AppDeps } from '../../context';
import { attachment } from '../../http/content-disposition';
import { writeChunk, writeJsonObject } from '../../http/export-stream';
import { badRequest } from '../../kernel/errors';
import { checkCurrentPassword, userReauth } from '../../platform/security/reauth';
import { deleteScheduledFiles, scheduleFileDeletions } from '../../storage/file-deletions';
import { toPublicUser } from '../auth';
import { exportDate, retentionOf, userExportParts } from '../user-export';
import { userCountsFor } from '../users';
import {
  anonymizeChats,
  anonymizeFeedback,
  anonymizeReports,
  deleteExpiredUserData,
  deleteUserRows,
  saveRetention,
  usersAnonymizingOldData,
} from './privacy.repo';

const MB = 1024 * 1024;

export async function privacyOverview(deps: AppDeps, user: User): Promise<PrivacyOverview> {
  const c = await userCountsFor(deps.db, user.id);
  return {
    data_summary: {
      total_reports: c.reports,
      total_chats: c.chats,
      total_feedback: c.feedback,
      total_storage_mb: Math.round((c.storage_bytes / MB) * 100) / 100,
    },
    data_by_age: {
      reports: { older_than_1_year: c.older_reports },
      chats: { older_than_1_year: c.older_chats },
    },
    retention: retentionOf(user),
  };
}

/** Saves the retention choice; the preferences' copy of the two shared fields follows it. */
export async function updateRetention(
  deps: AppDeps,
  user: User,
  changes: Partial<RetentionSettings>,
): Promise<RetentionSettings> {
  const retention = { ...retentionOf(user), ...changes };
  const preferences = {
    ...toPublicUser(user).preferences,
    auto_delete_old_reports: retention.auto_delete_old_reports,
    data_retention_days: retention.data_retention_days,
  };
  await saveRetention(deps.db, user.id, retention, preferences);
  return retention;
}

async function anonymizeOlderThan(
  deps: AppDeps,
  userId: number,
  types: readonly string[],
  days: number,
): Promise<AnonymizeResponse['anonymized_counts']> {
  const cutoff = new Date(Date.now() - days * 86_400_000);
  const { counts, keys } = await transaction(deps.db, async (trx) => {
    const reports = types.includes('reports') ? await anonymizeReports(trx, userId, cutoff) : [];
    const keys = reports.map((r) => r.storage_key);
    await scheduleFileDeletions(trx, keys);
    return {
      keys,
      counts: {
        reports: reports.length,
        chats: types.includes('chats') ? await anonymizeChats(trx, userId, cutoff) : 0,
        feedback: types.includes('feedback') ? await anonymizeFeedback(trx, userId, cutoff) : 0,
      },
    };
  });
  await deleteScheduledFiles(deps, keys);
  return counts;
}

/** Irreversibly replaces the personal text of the chosen kinds of data older than N days. */
export async function anonymize(
  deps: AppDeps,
  user: User,
  input: AnonymizeRequest,
): Promise<AnonymizeResponse> {
  const counts = await anonymizeOlderThan(deps, user.id, input.data_types, input.older_than_days);
  const text = `reports: ${counts.reports}, chats: ${counts.chats}, feedback: ${counts.feedback}`;
  return { message: `Data anonymization completed. Anonymized: ${text}`, anonymized_counts: counts };
}

const DELETED_MESSAGE = 'Your account has been permanently deleted. You will be redirected to the home page.';

async function removeAccount(deps: AppDeps, user: User) {
  const keys = await transaction(deps.db, async (trx) => {
    const k = await deleteUserRows(trx, user.id, user.email);
    await scheduleFileDeletions(trx, k);
    return k;
  });
  await deleteScheduledFiles(deps, keys);
}

/**
 * Deletes the account and everything it owns, after the password is checked. With export_data
 * the answer `{message, export_data}` carries the full export made just before, so nothing is lost
 * by accident: written while it is read, like every user export (decision 068), and the account is
 * deleted only once the whole export has been written (its last key, account_deleted_at, follows
 * the deletion). If the client goes away or the deletion fails, the answer is cut short (its JSON
 * does not parse) and, before the deletion's commit, nothing is deleted.
 */
export async function deletePermanently(
  deps: AppDeps,
  res: Response,
  user: User,
  input: { password: string; export_data: boolean; download: boolean },
  ip: string | null = null,
): Promise<{ message: string } | undefined> {
  if (!(await checkCurrentPassword(deps.db, userReauth(user, ip), input.password)))
    throw badRequest(USER_MESSAGES.deletePasswordWrong, { password: USER_MESSAGES.deletePasswordWrong });
  if (!input.export_data) {
    await removeAccount(deps, user);
    return { message: DELETED_MESSAGE };
  }
  const parts = await userExportParts(deps, user, {
    include_analysis: true,
    include_chats: true,
    include_feedback: true,
  });
  res.status(200);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  // As a file: the export alone (the caller knows the message); else the answer wraps it.
  if (input.download)
    res.setHeader('Content-Disposition', attachment(`my_account_data_${exportDate()}.json`));
  else await writeChunk(res, `{"message":${JSON.stringify(DELETED_MESSAGE)},"export_data":`);
  // The deletion is the export's last key: it runs once everything before it has been written,
  // and a file that ends without it (cut short) means the account was not deleted.
  await writeJsonObject(res, [
    ...Object.entries(parts),
    [
      'account_deleted_at',
      async () => {
        await removeAccount(deps, user);
        return new Date().toISOString();
      },
    ],
  ]);
  if (!input.download) await writeChunk(res, '}');
  res.end();
  return undefined;
}

/**
 * The scheduled retention job: applies every user's retention choice. Deletes a batch at a time
 * (each batch one transaction with its file records), then anonymizes where the user chose that.
 */
export async function applyRetention(deps: AppDeps, batch = 500) {
  const totals = { reports: 0, chats: 0, anonymized_users: 0 };
  for (;;) {
    const { keys, reports, chats } = await transaction(deps.db, async (trx) => {
      const r = await deleteExpiredUserData(trx, batch);
      const k = r.reports.map((x) => x.storage_key);
      await scheduleFileDeletions(trx, k);
      return { keys: k, reports: r.reports.length, chats: r.chats };
    });
    await deleteScheduledFiles(deps, keys);
    totals.reports += reports;
    totals.chats += chats;
    if (reports < batch && chats < batch) break;
  }
  for (const u of await usersAnonymizingOldData(deps.db)) {
    const days = Math.min(Math.max(u.days, 1), ANONYMIZE_MAX_DAYS);
    const c = await anonymizeOlderThan(deps, u.id, ['reports', 'chats', 'feedback'], days);
    if (c.reports || c.chats || c.feedback) totals.anonymized_users += 1;
  }
  return totals;
}
