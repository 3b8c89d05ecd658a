/**
 * The system settings the product reads, with their defaults. One place for each limit:
 * the API reads them through settings.service.ts; the back office edits them.
 */
export interface SettingDefault {
  key: string;
  value: string | null;
  data_type: 'string' | 'boolean' | 'integer' | 'float' | 'json';
  category: 'ai_model' | 'rate_limiting' | 'features' | 'system' | 'security' | 'payment';
  description: string;
  requires_restart?: boolean;
  is_sensitive?: boolean;
  /** Bounds of an integer or float value. */
  min?: number;
  max?: number;
  /** The only values a string setting may take. */
  allowed?: readonly string[];
  /** Checks a json value beyond parsing; returns what is wrong, or null. */
  check?: (value: unknown) => string | null;
}

const UPLOAD_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'txt'];

export const DEFAULT_SETTINGS: SettingDefault[] = [
  {
    key: 'ai_provider',
    value: 'local',
    data_type: 'string',
    category: 'ai_model',
    description:
      'Who writes the wording of analyses and chat answers: local, gemini or openai (OpenAI-compatible server)',
    allowed: ['local', 'gemini', 'openai'],
  },
  {
    key: 'ai_model',
    value: '',
    data_type: 'string',
    category: 'ai_model',
    description: 'Model name for the gemini or openai provider',
  },
  {
    key: 'ai_base_url',
    value: '',
    data_type: 'string',
    category: 'ai_model',
    description: 'Base URL of an OpenAI-compatible server (Ollama, vLLM, llama.cpp)',
  },
  {
    key: 'ai_api_key',
    value: null,
    data_type: 'string',
    category: 'ai_model',
    description: 'API key of the language-model provider',
    is_sensitive: true,
  },
  {
    key: 'guest_daily_uploads',
    value: '3',
    data_type: 'integer',
    category: 'rate_limiting',
    description: 'Uploads a guest may make per day (per session and per IP)',
    min: 0,
    max: 10000,
  },
  {
    key: 'guest_daily_analyses',
    value: '3',
    data_type: 'integer',
    category: 'rate_limiting',
    description: 'Analyses a guest may run per day (per session and per IP)',
    min: 0,
    max: 10000,
  },
  {
    key: 'guest_session_hours',
    value: '48',
    data_type: 'integer',
    category: 'rate_limiting',
    description: 'How long a guest session lasts',
    min: 1,
    max: 720,
  },
  {
    key: 'guest_report_retention_hours',
    value: '48',
    data_type: 'integer',
    category: 'rate_limiting',
    description: 'Guest reports and files are deleted this long after upload',
    min: 1,
    max: 720,
  },
  {
    key: 'login_attempts_per_account',
    value: '5',
    data_type: 'integer',
    category: 'rate_limiting',
    description: 'Failed sign-ins allowed for one account within the throttle window',
    min: 1,
    max: 10000,
  },
  {
    key: 'login_attempts_per_ip',
    value: '20',
    data_type: 'integer',
    category: 'rate_limiting',
    description: 'Failed sign-ins allowed from one IP address within the throttle window',
    min: 1,
    max: 10000,
  },
  {
    key: 'login_throttle_minutes',
    value: '15',
    data_type: 'integer',
    category: 'rate_limiting',
    description: 'Length of the sign-in throttle window, in minutes',
    min: 1,
    max: 1440,
  },
  {
    key: 'chat_enabled',
    value: 'true',
    data_type: 'boolean',
    category: 'features',
    description: 'Registered users may chat about their reports',
  },
  {
    key: 'guest_analysis_enabled',
    value: 'true',
    data_type: 'boolean',
    category: 'features',
    description: 'The free guest analyzer is open',
  },
  {
    key: 'registration_enabled',
    value: 'true',
    data_type: 'boolean',
    category: 'features',
    description: 'New users may register',
  },
  {
    key: 'maintenance_mode',
    value: 'false',
    data_type: 'boolean',
    category: 'system',
    description: 'Maintenance mode',
  },
  {
    key: 'maintenance_message',
    value: '',
    data_type: 'string',
    category: 'system',
    description: 'Message shown during maintenance',
  },
  {
    key: 'maintenance_estimated_duration',
    value: '',
    data_type: 'string',
    category: 'system',
    description: 'How long maintenance is expected to last (shown with the message)',
  },
  {
    key: 'max_upload_mb',
    value: '10',
    data_type: 'integer',
    category: 'system',
    description: 'Largest upload in MB',
    min: 1,
    max: 100,
  },
  {
    key: 'allowed_upload_extensions',
    value: '["pdf","png","jpg","jpeg","txt"]',
    data_type: 'json',
    category: 'system',
    description: 'File extensions accepted for upload, as a JSON list (a subset of pdf, png, jpg, jpeg, txt)',
    check: (v) =>
      Array.isArray(v) &&
      v.length > 0 &&
      v.every((x) => typeof x === 'string' && UPLOAD_EXTENSIONS.includes(x))
        ? null
        : `Value must be a non-empty JSON list of: ${UPLOAD_EXTENSIONS.join(', ')}`,
  },
  {
    key: 'session_days_user',
    value: '7',
    data_type: 'integer',
    category: 'security',
    description: 'User session lifetime in days (sessions started from now on)',
    min: 1,
    max: 365,
  },
  {
    key: 'session_hours_admin',
    value: '24',
    data_type: 'integer',
    category: 'security',
    description: 'Admin session lifetime in hours (sessions started from now on)',
    min: 1,
    max: 720,
  },
  {
    key: 'require_2fa_for_admins',
    value: 'false',
    data_type: 'boolean',
    category: 'security',
    description:
      'Every admin must use two-factor sign-in; an admin without it can only set it up until they do',
  },
  {
    key: 'rate_limit_login_per_minute',
    value: '20',
    data_type: 'integer',
    category: 'rate_limiting',
    description: 'Sign-in calls per account per minute (one IP: 5 times this); 0 turns it off',
  },
  {
    key: 'rate_limit_register_per_hour',
    value: '50',
    data_type: 'integer',
    category: 'rate_limiting',
    description: 'Registrations per IP per hour; 0 turns it off',
  },
  {
    key: 'rate_limit_account_mail_per_hour',
    value: '5',
    data_type: 'integer',
    category: 'rate_limiting',
    description:
      'Password-reset, confirmation and e-mail-change mails per account or address per hour (one IP: 5 times this); 0 turns it off',
  },
  {
    key: 'rate_limit_upload_per_hour',
    value: '60',
    data_type: 'integer',
    category: 'rate_limiting',
    description: 'Uploads per account (or guest session) per hour (one IP: 5 times this); 0 turns it off',
  },
  {
    key: 'rate_limit_analyze_per_hour',
    value: '60',
    data_type: 'integer',
    category: 'rate_limiting',
    description:
      'Analyses started per account (or guest session) per hour (one IP: 5 times this); 0 turns it off',
  },
  {
    key: 'rate_limit_chat_per_minute',
    value: '30',
    data_type: 'integer',
    category: 'rate_limiting',
    description: 'Chat messages per account per minute (one IP: 5 times this); 0 turns it off',
  },
  {
    key: 'rate_limit_password_check_per_minute',
    value: '10',
    data_type: 'integer',
    category: 'rate_limiting',
    description:
      'Calls that check the current password (new password or e-mail, 2FA on/off, account deletion) per account per minute (one IP: 5 times this); 0 turns it off',
  },
  {
    key: 'rate_limit_share_links_per_hour',
    value: '20',
    data_type: 'integer',
    category: 'rate_limiting',
    description: 'Share links created per account per hour (one IP: 5 times this); 0 turns it off',
  },
  {
    key: 'rate_limit_export_per_hour',
    value: '30',
    data_type: 'integer',
    category: 'rate_limiting',
    description: 'Exports and downloads per account per hour (one IP: 5 times this); 0 turns it off',
  },
  {
    key: 'payment_gateway',
    value: 'upi',
    data_type: 'string',
    category: 'payment',
    description: 'Default payment gateway',
  },
  {
    key: 'payment_sandbox_enabled',
    value: 'true',
    data_type: 'boolean',
    category: 'payment',
    description:
      'The sandbox gateway completes payments offline (for trying the flow; turn off in production)',
  },
  {
    key: 'razorpay_key_id',
    value: null,
    data_type: 'string',
    category: 'payment',
    description: 'Razorpay key id (public; RAZORPAY_KEY_ID in the environment also works)',
  },
  {
    key: 'razorpay_key_secret',
    value: null,
    data_type: 'string',
    category: 'payment',
    description:
      'Razorpay key secret, signs orders and payments (RAZORPAY_KEY_SECRET in the environment also works)',
    is_sensitive: true,
  },
];
