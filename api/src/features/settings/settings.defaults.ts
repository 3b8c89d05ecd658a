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
}

export const DEFAULT_SETTINGS: SettingDefault[] = [
  {
    key: 'ai_provider',
    value: 'local',
    data_type: 'string',
    category: 'ai_model',
    description:
      'Who writes the wording of analyses and chat answers: local, gemini or openai (OpenAI-compatible server)',
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
  },
  {
    key: 'guest_daily_analyses',
    value: '3',
    data_type: 'integer',
    category: 'rate_limiting',
    description: 'Analyses a guest may run per day (per session and per IP)',
  },
  {
    key: 'guest_session_hours',
    value: '48',
    data_type: 'integer',
    category: 'rate_limiting',
    description: 'How long a guest session lasts',
  },
  {
    key: 'guest_report_retention_hours',
    value: '48',
    data_type: 'integer',
    category: 'rate_limiting',
    description: 'Guest reports and files are deleted this long after upload',
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
    key: 'max_upload_mb',
    value: '10',
    data_type: 'integer',
    category: 'system',
    description: 'Largest upload in MB',
    requires_restart: true,
  },
  {
    key: 'session_days_user',
    value: '7',
    data_type: 'integer',
    category: 'security',
    description: 'User session lifetime in days',
    requires_restart: true,
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
