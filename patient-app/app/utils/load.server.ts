import { refusal } from './submit.server';

/**
 * One panel section's data, or the message to show in its place: the server's detail when it sent
 * one, else the section's own fallback message. Anything that is not an API answer (a redirect to
 * /login, a bug) still propagates.
 */
export async function section<T>(
  work: Promise<T>,
  fallback: string,
): Promise<{ data: T; error: null } | { data: null; error: string }> {
  try {
    return { data: await work, error: null };
  } catch (err) {
    return { data: null, error: refusal(err, fallback).message };
  }
}

/** The message a failed action shows: the server's detail when there is one, else the fallback. */
export function failure(err: unknown, fallback: string): string {
  return refusal(err, fallback).message;
}
