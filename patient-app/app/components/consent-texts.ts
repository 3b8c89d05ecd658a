/**
 * What each consent means, in the words the registration form and the preferences show under
 * each box (decision 231). Both start off: consent for health data is given, never assumed.
 */
export const CONSENT_TEXTS = {
  allow_data_for_training: {
    label: 'Allow data for AI training (anonymized)',
    help: 'Lets us use the values in your reports, with your name, contact details and anything else that identifies you removed, to improve how ReportSaathi reads reports. Your reports are never shown to anyone.',
  },
  share_usage_analytics: {
    label: 'Share usage analytics',
    help: 'Lets us count which pages and buttons you use (never what your reports say) so we can make the site easier to use.',
  },
} as const;

export const CONSENT_FOOTNOTE =
  'Both are off unless you tick them, and you can change either at any time in your preferences; each change is recorded with its date.';
