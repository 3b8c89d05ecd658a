import {
  ACCOUNT_MESSAGES,
  USER_MESSAGES,
  type AccountSummary,
  type ActivityItem,
  type DashboardStats,
  type ProfileUpdateRequest,
  type PublicUser,
  type QuickAction,
} from '@reportsaathi/contracts';
import type { User } from '@reportsaathi/db';
import type { AppDeps } from '../../context';
import type { Request } from 'express';
import { badRequest } from '../../kernel/errors';
import { requestEmailChange } from '../account';
import { hashPassword } from '../../platform/security/passwords';
import { checkCurrentPassword, userReauth } from '../../platform/security/reauth';
import { toPublicUser } from '../auth';
import { notePasswordChanged, refusePasswordChange } from '../security';
import { currentPlan } from '../subscriptions';
import {
  deactivateUser,
  recentActivity,
  revokeUserSessions,
  setPasswordHash,
  updateFullName,
  userCounts,
} from './users.repo';

const MB = 1024 * 1024;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Bytes as the dashboard shows them: '0 MB' when empty, else MB with two decimals. */
export function storageText(bytes: number): string {
  return bytes ? `${round2(bytes / MB)} MB` : '0 MB';
}

/** Seconds under a minute, else minutes, one decimal; 'N/A' when nothing was analysed. */
export function processingText(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return 'N/A';
  return seconds < 60 ? `${seconds.toFixed(1)}s` : `${(seconds / 60).toFixed(1)}m`;
}

/**
 * The name changes at once. A new e-mail address is only asked for (decision 230): the answer is
 * the same whether or not another account uses it (issue 32, item 7), and the account keeps its
 * address until the link mailed to the new one is opened.
 */
export async function changeProfile(
  deps: AppDeps,
  req: Request,
  user: User,
  input: ProfileUpdateRequest,
  ip: string | null,
): Promise<{ message: string; user: PublicUser; email_change_requested?: boolean }> {
  const newEmail = input.email.trim().toLowerCase();
  const wantsNewEmail = newEmail !== user.email.trim().toLowerCase();
  if (wantsNewEmail) {
    // Re-authentication: the e-mail is the sign-in name, so changing it needs the password.
    if (!input.current_password)
      throw badRequest(USER_MESSAGES.emailChangeNeedsPassword, {
        current_password: USER_MESSAGES.emailChangeNeedsPassword,
      });
    if (!(await checkCurrentPassword(deps.db, userReauth(user, ip), input.current_password)))
      throw badRequest(USER_MESSAGES.currentPasswordWrong, {
        current_password: USER_MESSAGES.currentPasswordWrong,
      });
  }
  const updated = toPublicUser(await updateFullName(deps.db, user.id, input.full_name));
  if (!wantsNewEmail) return { message: USER_MESSAGES.profileUpdated, user: updated };
  await requestEmailChange(deps, req, user, newEmail, ip);
  return { message: ACCOUNT_MESSAGES.emailChangeRequested, user: updated, email_change_requested: true };
}

/** A new password; every other session of the user ends, the one making the change stays. */
export async function changePassword(
  deps: AppDeps,
  user: User,
  sessionId: string,
  input: { current_password: string; new_password: string },
  ip: string | null = null,
): Promise<{ message: string; sessions_signed_out: number }> {
  // Both outcomes are security events (decision 082); neither holds a password.
  if (!(await checkCurrentPassword(deps.db, userReauth(user, ip), input.current_password)))
    return refusePasswordChange(deps.db, { kind: 'user', id: user.id }, ip);
  if (input.current_password === input.new_password)
    throw badRequest('The new password must differ from the current one', {
      new_password: 'The new password must differ from the current one',
    });
  await setPasswordHash(deps.db, user.id, await hashPassword(input.new_password));
  const signedOut = await revokeUserSessions(deps.db, user.id, sessionId);
  await notePasswordChanged(deps.db, { kind: 'user', id: user.id }, ip, signedOut);
  return { message: USER_MESSAGES.passwordChanged, sessions_signed_out: signedOut };
}

/** Deactivation: the account stays, sign-in is refused, every session ends. */
export async function deactivate(deps: AppDeps, user: User): Promise<{ message: string }> {
  await deactivateUser(deps.db, user.id);
  await revokeUserSessions(deps.db, user.id, null);
  return { message: 'Account deactivated. Please contact support to reactivate it.' };
}

export async function dashboardStats(deps: AppDeps, user: User): Promise<DashboardStats> {
  const [c, { plan }] = await Promise.all([userCounts(deps.db, user.id), currentPlan(deps.db, user.id)]);
  const avg = c.avg_processing === null ? null : round2(c.avg_processing);
  return {
    reports_uploaded: c.reports,
    reports_analyzed: c.completed,
    chat_conversations: c.chats,
    storage_used: storageText(c.storage_bytes),
    storage_used_bytes: c.storage_bytes,
    reports_this_month: c.this_month,
    average_processing_time: processingText(avg),
    average_processing_seconds: avg,
    most_used_report_type: c.most_used_type ?? 'N/A',
    total_feedback_given: c.feedback,
    account_created: user.created_at.toISOString(),
    plan: plan.name,
  };
}

const ACTIVITY_TEXT: Record<ActivityItem['type'], (title: string) => string> = {
  report_upload: (t) => `Uploaded ${t}`,
  report_analyzed: (t) => `Analysis finished for ${t}`,
  chat: (t) => `Asked: ${t}`,
  feedback: (t) => `Gave feedback: ${t.replace('_', ' ')}`,
};

export async function activity(
  deps: AppDeps,
  user: User,
  limit: number,
): Promise<{ activities: ActivityItem[] }> {
  const rows = await recentActivity(deps.db, user.id, limit);
  return {
    activities: rows.map((r) => ({
      type: r.type,
      description:
        r.type === 'report_analyzed' && r.status === 'failed'
          ? `Analysis failed for ${r.title}`
          : ACTIVITY_TEXT[r.type](r.title),
      timestamp: new Date(r.at).toISOString(),
      status: r.status,
      report_id: r.report_id,
    })),
  };
}

export async function quickActions(deps: AppDeps, user: User): Promise<{ actions: QuickAction[] }> {
  const c = await userCounts(deps.db, user.id);
  const actions: QuickAction[] = [
    {
      url: '/upload',
      title: 'Upload Report',
      description: 'Upload a new medical report for analysis',
      icon: 'upload',
      count: null,
    },
    {
      url: '/user/reports',
      title: 'My Reports',
      description: 'View and manage your reports',
      icon: 'file-text',
      count: c.reports,
    },
  ];
  if (c.in_progress)
    actions.push({
      url: '/user/reports?status=processing',
      title: 'In Progress',
      description: 'Reports still being analysed',
      icon: 'clock',
      count: c.in_progress,
    });
  actions.push(
    {
      url: '/user/chats',
      title: 'Chat History',
      description: 'Your questions about your reports',
      icon: 'message-circle',
      count: c.chats,
    },
    {
      url: '/user/profile',
      title: 'Profile Settings',
      description: 'Account, password and privacy',
      icon: 'settings',
      count: null,
    },
    {
      url: '/medical-disclaimer',
      title: 'Help',
      description: 'What the analysis can and cannot tell you',
      icon: 'help-circle',
      count: null,
    },
  );
  return { actions };
}

export async function accountSummary(deps: AppDeps, user: User): Promise<AccountSummary> {
  const [c, { plan, subscription }] = await Promise.all([
    userCounts(deps.db, user.id),
    currentPlan(deps.db, user.id),
  ]);
  return {
    user_profile: {
      id: user.id,
      email: user.email,
      full_name: user.full_name,
      created_at: user.created_at.toISOString(),
      account_age_days: Math.floor((Date.now() - user.created_at.getTime()) / 86_400_000),
      last_login: user.last_login?.toISOString() ?? null,
    },
    usage_statistics: {
      total_reports: c.reports,
      completed_reports: c.completed,
      total_chats: c.chats,
      total_feedback: c.feedback,
      storage_used_mb: round2(c.storage_bytes / MB),
    },
    subscription: {
      plan: plan.name,
      plan_code: plan.code,
      status: subscription?.status ?? 'active',
      billing_cycle: subscription?.billing_cycle ?? null,
    },
  };
}
