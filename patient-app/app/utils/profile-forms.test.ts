import { parseWithZod } from '@conform-to/zod/v4';
import { USER_MESSAGES } from '@reportsaathi/contracts/user';
import { describe, expect, it } from 'vitest';
import { profilePost } from './profile-forms';

/** A post as the browser sends it: only filled fields and ticked boxes. */
function post(fields: [string, string][]) {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  return parseWithZod(form, { schema: profilePost });
}

describe("/user/profile's posts", () => {
  it('reads unticked retention boxes as false and the period as a number', () => {
    const s = post([
      ['intent', 'retention'],
      ['auto_delete_old_reports', 'on'],
      ['data_retention_days', '90'],
    ]);
    if (s.status !== 'success') throw new Error(JSON.stringify(s.error));
    expect(s.value).toEqual({
      intent: 'retention',
      auto_delete_old_reports: true,
      data_retention_days: 90,
      delete_inactive_chats: false,
      anonymize_old_data: false,
    });
  });

  it('refuses an anonymisation with every type unticked (the API alone would take all of them)', () => {
    const s = post([
      ['intent', 'anonymize'],
      ['older_than_days', '365'],
      ['confirmation', 'on'],
    ]);
    expect(s.status !== 'success' && s.error?.data_types).toEqual([USER_MESSAGES.anonymizeTypesRequired]);
  });

  it('takes the ticked types as a list and wants the box ticked', () => {
    const ok = post([
      ['intent', 'anonymize'],
      ['data_types', 'chats'],
      ['older_than_days', '365'],
      ['confirmation', 'on'],
    ]);
    if (ok.status !== 'success') throw new Error(JSON.stringify(ok.error));
    expect(ok.value).toMatchObject({ data_types: ['chats'], older_than_days: 365, confirmation: true });
    const unticked = post([
      ['intent', 'anonymize'],
      ['data_types', 'chats'],
    ]);
    expect(unticked.status !== 'success' && unticked.error?.confirmation).toEqual([
      USER_MESSAGES.anonymizeConfirmRequired,
    ]);
  });

  it('checks the password confirmation in the form and an empty name as required', () => {
    const pw = post([
      ['intent', 'password'],
      ['current_password', 'old-secret'],
      ['new_password', 'new-secret-1'],
      ['confirm_password', 'new-secret-2'],
    ]);
    expect(pw.status !== 'success' && pw.error?.confirm_password).toEqual([
      USER_MESSAGES.newPasswordsMismatch,
    ]);
    const profile = post([
      ['intent', 'profile'],
      ['full_name', ''],
      ['email', 'a@b.in'],
    ]);
    expect(profile.status).toBe('error');
    expect(profile.status !== 'success' && profile.error?.full_name?.[0]).toMatch(/required/i);
  });

  it('refuses a post with no known intent', () => {
    expect(post([['intent', 'drop-tables']]).status).toBe('error');
  });
});
