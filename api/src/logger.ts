import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * JSON-line logs. Never credentials or tokens (decision 082): the headers that carry them are
 * redacted, request bodies are not logged at all, and the request URL keeps only the names of its
 * query parameters (app.ts). tests/api/security-secrets.test.ts runs the sign-in, 2FA, password and
 * guest flows at the most verbose level and greps the lines for every secret those flows handled;
 * tests/api/log-redaction.test.ts does the same for searches, filters and chat text.
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
