import { sql } from 'kysely';
import type { DB } from '@reportsaathi/db';

/**
 * The back office part 2 section of `npm run bench:admin` (kept apart from the part 1 calls so the
 * two can change independently): p50/p95 of the audit list/stats and moderation queue calls, then
 * a bulk export of every type (rows/s and peak RSS of the API process). Prints, asserts nothing.
 */
export interface OpsBenchContext {
  db: DB;
  base: string;
  auth: Record<string, string>;
  runs: number;
  warmup: number;
  log: (line: string) => void;
  /** Resident memory of the process that runs the API, in bytes. */
  apiRss: () => Promise<number>;
  /** CPU ms so far of the API process and the bench database's backends. */
  cpuMs: () => Promise<number>;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * The seed loads with triggers off, so flagged rows never entered the moderation queue; put them
 * in as the trigger of migration 0071 would, with a share already decided as in a queue in use
 * (a fifth approved, flag cleared; a fifth rejected, flag kept), so the unfiltered queue merges
 * three statuses. Idempotent: a reused database is left as it is.
 */
async function queueFlaggedRows(db: DB): Promise<void> {
  for (const table of ['reports', 'chats'] as const)
    await sql`UPDATE ${sql.table(table)}
                 SET moderation_status = CASE id % 5 WHEN 0 THEN 'reviewed' WHEN 1 THEN 'rejected' ELSE 'pending' END,
                     is_flagged = id % 5 <> 0, flagged_at = created_at,
                     moderated_at = CASE WHEN id % 5 IN (0, 1) THEN created_at + interval '1 hour' END,
                     flag_reason = CASE WHEN id % 3 = 0 THEN 'auto:abuse:medium' ELSE flag_reason END
               WHERE is_flagged AND moderation_status IS NULL`.execute(db);
}

export async function benchAdminOps(ctx: OpsBenchContext): Promise<void> {
  const { base, auth, log } = ctx;
  await queueFlaggedRows(ctx.db);
  await sql`ANALYZE reports, chats`.execute(ctx.db);

  const calls: [string, string][] = [
    ['audit logs list', '/admin/audit/logs'],
    ['audit logs action=suspend_user', '/admin/audit/logs?action=suspend_user'],
    ['audit logs success=failed', '/admin/audit/logs?success=failed'],
    ['audit logs admin_email', '/admin/audit/logs?admin_email=admin3%40staff.in'],
    [
      'audit logs resource_type+date range',
      '/admin/audit/logs?resource_type=report&start_date=2026-06-01&end_date=2026-06-30',
    ],
    ['audit logs search', '/admin/audit/logs?search=12345'],
    ['audit logs page 200', '/admin/audit/logs?page=200'],
    ['audit log detail', '/admin/audit/logs/500'],
    ['audit actions (filter options)', '/admin/audit/actions'],
    ['audit resource types (filter options)', '/admin/audit/resource-types'],
    ['audit stats (30 days)', '/admin/audit/stats?days=30'],
    ['moderation queue (50)', '/admin/moderation/queue?limit=50'],
    [
      'moderation queue chats pending (100)',
      '/admin/moderation/queue?contentType=chat&status=pending&limit=100',
    ],
    ['moderation queue reports (25)', '/admin/moderation/queue?contentType=report&limit=25'],
    ['moderation queue offset 2000', '/admin/moderation/queue?limit=50&offset=2000'],
    ['moderation stats', '/admin/moderation/queue/stats'],
    ['export options (counts)', '/admin/export/export-options'],
  ];
  log(
    `\nback office part 2: list and stats calls (${ctx.runs} sequential runs after ${ctx.warmup} warm-up; ms):`,
  );
  log(`  ${'call'.padEnd(48)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'cpu/call'.padStart(8)}  total`);
  for (const [label, path] of calls) {
    const times: number[] = [];
    let total = '';
    let cpuStart = 0;
    for (let i = 0; i < ctx.warmup + ctx.runs; i++) {
      if (i === ctx.warmup) cpuStart = await ctx.cpuMs();
      const t0 = performance.now();
      const res = await fetch(base + path, { headers: auth });
      const body = (await res.json()) as unknown;
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(body)}`);
      if (i >= ctx.warmup) times.push(ms);
      if (Array.isArray(body)) total = `${body.length} items`;
      else if (body && typeof body === 'object' && 'total' in body)
        total = `${String((body as { total: unknown }).total)}`;
      else if (body && typeof body === 'object' && 'total_actions' in body)
        total = `${String((body as { total_actions: unknown }).total_actions)} actions`;
    }
    const cpu = ((await ctx.cpuMs()) - cpuStart) / ctx.runs;
    times.sort((a, b) => a - b);
    log(
      `  ${label.padEnd(48)} ${pct(times, 50).toFixed(1).padStart(7)} ${pct(times, 95).toFixed(1).padStart(7)} ` +
        `${cpu.toFixed(1).padStart(8)}  ${total}`,
    );
  }

  const formats = (process.env.BENCH_BULK_FORMATS ?? 'csv').split(',').filter(Boolean) as ('csv' | 'json')[];
  log('\nbulk export of every type (one streamed ZIP; peak RSS of the API process):');
  for (const format of formats) {
    const before = await ctx.apiRss();
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await ctx.apiRss());
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const cpu0 = await ctx.cpuMs();
    const t0 = performance.now();
    const res = await fetch(`${base}/admin/export/bulk-export`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        export_types: ['users', 'reports', 'chats', 'feedback', 'audit_logs', 'subscriptions', 'payments'],
        format,
        include_sensitive: true,
      }),
    });
    if (res.status !== 200 || !res.body) throw new Error(`bulk export ${format}: ${res.status}`);
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    const secs = (performance.now() - t0) / 1000;
    const cpuSecs = ((await ctx.cpuMs()) - cpu0) / 1000;
    sampling = false;
    await sampler;
    // The export's own audit row holds the row count it wrote.
    const audit = await ctx.db
      .selectFrom('audit_logs')
      .select('details')
      .where('action', '=', 'bulk_export')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const rows = Number((audit.details as { rows?: number }).rows ?? 0);
    log(
      `  ${`all 7 types, ${format.toUpperCase()}, sensitive`.padEnd(40)} ${rows} rows in ${secs.toFixed(1)} s = ` +
        `${Math.round(rows / secs)} rows/s (${Math.round(rows / cpuSecs)} rows per CPU-second), ` +
        `${(bytes / 1e6).toFixed(0)} MB zipped, peak RSS ${(peak / 1e6).toFixed(0)} MB (before ${(before / 1e6).toFixed(0)} MB)`,
    );
  }
}
