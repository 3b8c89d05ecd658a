import { analysisConfigFromEnv, type AnalysisConfig } from '@reportsaathi/analysis';
import path from 'node:path';
import { z } from 'zod';

/**
 * The environment, read once and validated; a bad value stops start-up with a readable
 * message naming the variable. README's configuration table mirrors this schema.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  ROLE: z.enum(['all', 'api', 'worker', 'web']).default('all'),
  DATABASE_URL: z.string().url('DATABASE_URL must be a postgres:// URL').optional(),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SETTINGS_ENCRYPTION_KEY: z
    .string()
    .min(32, 'SETTINGS_ENCRYPTION_KEY must be at least 32 characters')
    .optional(),
  /** Where the generated keys live when not in the environment (default DATA_DIR/secret-keys.json). */
  KEY_FILE: z.string().optional(),
  ADMIN_USERNAME: z.string().min(3).default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  ADMIN_EMAIL: z.string().email().default('admin@reportsaathi.local'),
  /** Demo data on a fresh database: on by default, except in production where it must be asked for. */
  DEMO_DATA: bool.optional(),
  API_URL: z.string().url('API_URL must be an absolute URL').optional(),
  PUBLIC_URL: z.string().url().optional(),
  SUPPORT_EMAIL: z.string().email().default('support@reportsaathi.in'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('loopback'),
  AI_PROVIDER: z.enum(['local', 'gemini', 'openai']).optional(),
  AI_MODEL: z.string().optional(),
  GEMINI_API_KEY: z.string().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  /**
   * Hosts the AI base URL setting may name over plain http or at an internal address (a local
   * model server): "host" or "host:port", comma-separated. Others must be public https.
   */
  AI_ALLOWED_HOSTS: z.string().optional(),
  ANALYSIS_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /**
   * Load per core (1-minute average) from which a time limit reached is taken as the machine's
   * fault and the analysis is put back in the queue (decision 216); 0 never defers.
   */
  ANALYSIS_BUSY_LOAD_PER_CORE: z.coerce.number().min(0).max(100).default(2),
  /** Hard bound on reading one file (PDF text, rendering, OCR) in its worker thread (decision 083). */
  EXTRACT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(90),
  /** On SIGTERM, how long requests in flight (an upload on a slow line) may take to finish. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
  /** Where uploads live: 'disk' (DATA_DIR/uploads) or 's3' (an S3-compatible bucket; decision 095). */
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url('S3_ENDPOINT must be a URL, e.g. http://127.0.0.1:9000').optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** MinIO and most self-hosted servers want path-style URLs (endpoint/bucket/key). */
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_PREFIX: z.string().optional(),
  /** First wait (seconds) after 5 wrong PINs on a share link; each further wrong PIN doubles it. */
  SHARE_PIN_WAIT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /**
   * Mail (decision 230): an SMTP server to send through. Unset outside production, mail is
   * written to DATA_DIR/outbox and listed at /dev/outbox instead.
   */
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_FROM: z.string().default('ReportSaathi <no-reply@reportsaathi.in>'),
  /** starttls: upgrade before sending, refuse otherwise; tls: TLS from the start (465); none: plain. */
  SMTP_TLS: z.enum(['starttls', 'tls', 'none']).default('starttls'),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_API_URL: z.string().url().default('https://api.razorpay.com'),
});

export type Env = Omit<z.infer<typeof envSchema>, 'DEMO_DATA'> & {
  DATA_DIR: string;
  DEMO_DATA: boolean;
  /** The engine's settings named by the environment (EXTRACT_*, OCR_*, PHOTO_SECOND_READING). */
  analysis: Partial<AnalysisConfig>;
};

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty strings mean "not set" (a blank line in a .env file should not fail validation).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.STORAGE === 's3' && !parsed.data.S3_BUCKET)
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  return {
    ...parsed.data,
    DATA_DIR: path.resolve(parsed.data.DATA_DIR),
    DEMO_DATA: parsed.data.DEMO_DATA ?? parsed.data.NODE_ENV !== 'production',
    analysis: analysisConfigFromEnv(cleaned),
  };
}

export class ConfigError extends Error {}
