import type { ChatMessage, ChatRequest } from '@reportsaathi/contracts';
import type { Chat, Report, User } from '@reportsaathi/db';
import { answerChat, autoFlagReason } from '@reportsaathi/analysis';
import type { AppDeps } from '../../context';
import { AppError } from '../../kernel/errors';
import { toPublicUser } from '../auth';
import { listValues } from '../reports';
import { toValueView } from '../reports';
import { ownReport } from '../reports';
import { getBoolSetting } from '../../platform/settings/settings.service';
import { providerConfig } from '../settings';
import { insertChat } from './chats.repo';

export function toChatMessage(chat: Chat, report: Pick<Report, 'original_filename'>): ChatMessage {
  return {
    id: chat.id,
    report_id: chat.report_id,
    report_filename: report.original_filename,
    sender: 'user',
    message: chat.message,
    response: chat.response,
    ai_model_used: chat.ai_model_used,
    user_feedback: chat.user_feedback,
    timestamp: chat.created_at.toISOString(),
    created_at: chat.created_at.toISOString(),
  };
}

/** A question about one of the user's analysed reports, answered from that report. */
export async function askAboutReport(deps: AppDeps, user: User, input: ChatRequest): Promise<ChatMessage> {
  if (!(await getBoolSetting(deps.db, 'chat_enabled')))
    throw new AppError(503, 'Chat is turned off for now.');
  const report = await ownReport(deps.db, user.id, input.report_id);
  if (report.status !== 'completed')
    throw new AppError(409, 'This report has not been analysed yet. Start the analysis first.');
  const values = await listValues(deps.db, report.id);
  const language = toPublicUser(user).preferences.language;
  const started = Date.now();
  const answer = await answerChat(
    {
      report: {
        report_type: report.report_type ?? 'other',
        summary: report.summary ?? '',
        key_findings: report.key_findings,
        impressions: report.impressions,
        // The chat's values leave an unknown range source out (a value stored before it was kept).
        values: values.map((v) => ({ ...toValueView(v), ref_source: v.ref_source ?? undefined })),
      },
      question: input.message,
      language,
    },
    { provider: await providerConfig(deps) },
  );
  // Self-harm and abuse are flagged for staff review as the chat is stored (the convention of
  // flag_reason is in docs/decisions/045-chat-auto-moderation.md).
  const flagReason = autoFlagReason(answer.safety);
  const chat = await insertChat(deps.db, {
    user_id: user.id,
    report_id: report.id,
    message: input.message,
    response: answer.response,
    language: answer.language,
    ...(flagReason
      ? { is_flagged: true, flag_reason: flagReason, moderation_status: 'pending' as const }
      : {}),
    ai_model_used: answer.model,
    tokens_used: answer.tokens_used,
    processing_time_seconds: Math.round(Date.now() - started) / 1000,
    confidence_score: Math.min(1, Math.max(0, answer.confidence_score)),
  });
  return toChatMessage(chat, report);
}
