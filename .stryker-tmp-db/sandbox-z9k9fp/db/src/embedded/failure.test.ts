// @ts-nocheck
import { describe, expect, it } from 'vitest';
import { cannotRun, diagnose } from './failure';

// What PostgreSQL 18 prints for each cause, as seen in its logs; the message must name the cause and a fix.
const context = { what: 'start', dataDir: '/srv/data/postgres', port: 54321 };

describe('diagnose an embedded PostgreSQL that did not start', () => {
  it('a full disk', () => {
    const err = diagnose(
      'FATAL:  could not write to file "pg_wal/xlogtemp.12": No space left on device',
      context,
    );
    expect(err.cause_).toBe('disk');
    expect(err.message).toContain('The disk holding /srv/data/postgres is full');
    expect(err.message).toContain('set DATA_DIR to a folder on another disk');
  });
  it('a port taken between choosing and binding', () => {
    const err = diagnose(
      'LOG:  could not bind IPv4 address "127.0.0.1": Address already in use\nFATAL:  could not create any TCP/IP sockets',
      context,
    );
    expect(err.cause_).toBe('port');
    expect(err.message).toContain('Port 54321 on 127.0.0.1 was taken');
  });
  it('a data folder from another version', () => {
    const err = diagnose(
      'FATAL:  database files are incompatible with server\nDETAIL:  The data directory was initialized by PostgreSQL version 16',
      context,
    );
    expect(err.cause_).toBe('version');
    expect(err.message).toContain('was made by another version of PostgreSQL');
  });
  it('a folder PostgreSQL may not use', () => {
    const err = diagnose('FATAL:  data directory "/srv/data/postgres" has invalid permissions', context);
    expect(err.cause_).toBe('permissions');
    expect(err.message).toContain('permission denied on /srv/data/postgres');
  });
  it('another server on the same folder', () => {
    const err = diagnose(
      'FATAL:  lock file "postmaster.pid" already exists\nHINT:  Is another postmaster running?',
      context,
    );
    expect(err.cause_).toBe('in-use');
  });
  it('anything else: what PostgreSQL said, and the way out', () => {
    const err = diagnose('FATAL:  something new\n', context);
    expect(err.cause_).toBe('other');
    expect(err.message).toContain('PostgreSQL said: FATAL:  something new');
    expect(err.message).toContain('DATABASE_URL');
  });
  it('a program that cannot be spawned', () => {
    const eacces = Object.assign(new Error('spawn EACCES'), { code: 'EACCES' });
    expect(cannotRun('/x/bin/postgres', eacces, 'postgres').message).toMatch(
      /cannot be run as postgres \(EACCES\)/,
    );
    const missing = Object.assign(new Error('spawn ENOENT'), { code: 'ENOENT' });
    expect(cannotRun('/x/bin/initdb', missing, 'postgres').message).toContain('run `npm ci` again');
  });
});
