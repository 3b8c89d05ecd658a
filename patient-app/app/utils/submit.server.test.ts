import { parseWithZod } from '@conform-to/zod/v4';
import { ApiError } from '@reportsaathi/contracts/client';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { refusal, submitToApi } from './submit.server';

const schema = z.object({ email: z.string(), password: z.string() });

function submission() {
  const form = new FormData();
  form.set('email', 'a@b.in');
  form.set('password', 'secret1');
  const parsed = parseWithZod(form, { schema });
  if (parsed.status !== 'success') throw new Error('the fixture form should pass');
  return parsed;
}

describe('submitToApi', () => {
  it('answers the API value when the call succeeds', async () => {
    const sent = await submitToApi(submission(), async () => ({ token: 't' }), { fallback: 'Failed' });
    expect(sent).toEqual({ ok: true, value: { token: 't' } });
  });

  it('turns a 4xx refusal into the form reply: detail above, field messages beside, password hidden', async () => {
    const sent = await submitToApi(
      submission(),
      async () => {
        throw new ApiError(400, 'Incorrect email or password', { email: 'Email is not registered' });
      },
      { fallback: 'Login failed', hideFields: ['password'] },
    );
    if (sent.ok) throw new Error('expected a refusal');
    expect(sent.status).toBe(400);
    expect(sent.reply.status).toBe('error');
    expect(sent.reply.error).toEqual({
      '': ['Incorrect email or password'],
      email: ['Email is not registered'],
    });
    expect(sent.reply.initialValue).toEqual({ email: 'a@b.in' });
  });

  it('shows the fallback when the API never answered, with a 502', async () => {
    const sent = await submitToApi(
      submission(),
      async () => {
        throw new ApiError(0, 'fetch failed');
      },
      { fallback: 'An error occurred during login' },
    );
    if (sent.ok) throw new Error('expected a refusal');
    expect(sent.status).toBe(502);
    expect(sent.reply.error?.['']).toEqual(['An error occurred during login']);
  });

  it('lets anything that is not an API answer through (a redirect, a bug)', async () => {
    const redirect = new Response(null, { status: 302, headers: { Location: '/login' } });
    await expect(submitToApi(submission(), () => Promise.reject(redirect), { fallback: 'x' })).rejects.toBe(
      redirect,
    );
    await expect(
      submitToApi(submission(), () => Promise.reject(new TypeError('bug')), { fallback: 'x' }),
    ).rejects.toThrow('bug');
  });
});

describe('refusal', () => {
  it('reads the detail, falls back when it is empty, and rethrows other errors', () => {
    expect(refusal(new ApiError(409, 'Email already registered'), 'f').message).toBe(
      'Email already registered',
    );
    expect(refusal(new ApiError(422, ''), 'Failed to update').message).toBe('Failed to update');
    expect(() => refusal(new Error('boom'), 'f')).toThrow('boom');
  });
});
