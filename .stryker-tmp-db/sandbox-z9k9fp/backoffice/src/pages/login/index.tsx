// @ts-nocheck
import { useState, type FormEvent } from 'react';
import { useLogin } from '@refinedev/core';
import { adminLoginRequest, MESSAGES } from '@reportsaathi/contracts/auth';
import { LOGIN_FAILED, UNEXPECTED_ERROR, type LoginParams } from '../../providers/auth-provider';
import './login.css';

/**
 * /admin/login (SPEC §2 'Admin login', §8 admin login messages). Unguarded. Plain HTML in antd's
 * look: the first page loads no antd code; the layout and dashboard chunks bring antd after sign-in.
 */
export default function LoginPage() {
  const { mutate: login, isPending } = useLogin<LoginParams>();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

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
        if (!result.success) setError(result.error?.message || LOGIN_FAILED);
      },
      onError: () => setError(UNEXPECTED_ERROR),
    });
  };

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
