import { userPreferences } from '@reportsaathi/contracts';
import { z } from 'zod';

/** An unticked box is absent from the post: it means false. */
const flag = z.boolean().default(false);

/**
 * The Preferences form (on /user/preferences and on the profile page). Theme and language are
 * left as they are when absent; `back` is the page to return to.
 */
export const preferencesForm = z.object({
  theme: userPreferences.shape.theme.unwrap().optional(),
  language: userPreferences.shape.language.unwrap().optional(),
  email_notifications: flag,
  report_completion_notify: flag,
  marketing_emails: flag,
  allow_data_for_training: flag,
  share_usage_analytics: flag,
  auto_delete_old_reports: flag,
  back: z.string().optional(),
});
