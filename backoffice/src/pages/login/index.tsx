import { useState, type FormEvent } from 'react';
import { useLogin } from '@refinedev/core';
import { adminLoginRequest, MESSAGES } from '@reportsaathi/contracts/auth';
import {
  LOGIN_FAILED,
  UNEXPECTED_ERROR,
  type LoginParams,
  type SecondStepNeeded,
} from '../../providers/auth-provider';
import './login.css';

/**
 * /admin/login, with the admin login messages. Unguarded. Plain HTML in antd's
 * look: the first page loads no antd code; the layout and dashboard chunks bring antd after sign-in.
 */
export default function LoginPage() {
  const { mutate: login, isPending } = useLogin<LoginParams>();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Set when the password was right and the account has two-factor sign-in on.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');

  const onCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = code.trim();
    if (!value || !challenge) {
      setError('Enter the 6-digit code or a recovery code');
      return;
    }
    setError(null);
    // One field takes both: six digits is an authenticator code, anything else a recovery code.
    const sixDigits = /^\d{6}$/.test(value.replace(/\s+/g, ''));
    login(sixDigits ? { challenge, code: value } : { challenge, recovery_code: value }, {
      onSuccess: (result) => {
        if (result.success) return;
        const message = result.error?.message || LOGIN_FAILED;
        // An expired or worn-out challenge: back to the password step.
        if (/expired|not found/i.test(message)) {
          setChallenge(null);
          setCode('');
        }
        setError(message);
      },
      onError: () => setError(UNEXPECTED_ERROR),
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The same schema the API validates with; both fields required, one message.
    const parsed = adminLoginRequest.safeParse({ username, password });
    if (!parsed.success) {
      setError(MESSAGES.adminBoth);
      return;
    }
    setError(null);
    login(parsed.data, {
      onSuccess: (result) => {
        const twoFactor = (result as { twoFactor?: SecondStepNeeded }).twoFactor;
        if (twoFactor) {
          setChallenge(twoFactor.challenge);
          setPassword('');
          return;
        }
        if (!result.success) setError(result.error?.message || LOGIN_FAILED);
      },
      onError: () => setError(UNEXPECTED_ERROR),
    });
  };

  if (challenge) {
    return (
      <main className="rs-login">
        <div className="rs-login__card">
          <h1 className="rs-login__title">Two-step verification</h1>
          <p className="rs-login__subtitle">
            Enter the 6-digit code from your authenticator app, or one of your recovery codes.
          </p>
          <form onSubmit={onCode} noValidate aria-label="Two-step verification">
            {error && (
              <p className="rs-login__error" role="alert">
                {error}
              </p>
            )}
            <label htmlFor="admin-code" className="rs-login__label">
              Authentication code or recovery code
            </label>
            <input
              id="admin-code"
              name="code"
              className="rs-login__input"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={40}
              autoFocus
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <button type="submit" className="rs-login__button" disabled={isPending} aria-busy={isPending}>
              Verify
            </button>
          </form>
          <p className="rs-login__footer">
            <button
              type="button"
              className="rs-login__link"
              onClick={() => {
                setChallenge(null);
                setCode('');
                setError(null);
              }}
            >
              Start again
            </button>
          </p>
        </div>
      </main>
    );
  }

  return (
    <main className="rs-login">
      <div className="rs-login__card">
        <h1 className="rs-login__title">Admin Portal</h1>
        <p className="rs-login__subtitle">Sign in to the ReportSaathi back office</p>
        <form onSubmit={onSubmit} noValidate aria-label="Admin sign in">
          {error && (
            <p className="rs-login__error" role="alert">
              {error}
            </p>
          )}
          <label htmlFor="admin-username" className="rs-login__label">
            Username
          </label>
          <input
            id="admin-username"
            name="username"
            className="rs-login__input"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <label htmlFor="admin-password" className="rs-login__label">
            Password
          </label>
          <input
            id="admin-password"
            name="password"
            type="password"
            className="rs-login__input"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <button type="submit" className="rs-login__button" disabled={isPending} aria-busy={isPending}>
            Sign In
          </button>
        </form>
        <p className="rs-login__footer">
          Not staff? <a href="/login">Go to the user login</a>
        </p>
      </div>
    </main>
  );
}
