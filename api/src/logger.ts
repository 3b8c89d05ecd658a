import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * JSON-line logs. Never credentials or tokens (decision 082): the headers that carry them are
 * redacted, and request bodies are not logged at all. tests/api/log-secrets.test.ts runs the
 * sign-in, 2FA, password and guest flows at the most verbose level and greps the lines for every
 * secret those flows handled.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, base: { service: 'reportsaathi' }, redact: REDACTED_PATHS };
  return destination ? pino(options, destination) : pino(options);
}
