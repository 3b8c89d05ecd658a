import { LINK_NOT_FOUND, LINK_UNAVAILABLE, SHARED_VALUE_FIELDS } from '@reportsaathi/contracts';
import type {
  CreatedShareLink,
  ReportValue,
  SharedReport,
  SharedValue,
  SharedTrendPoint,
  ShareGrant,
  ShareLink,
  SharedPatient,
} from '@reportsaathi/contracts';
import type { ReportValueRow } from '@reportsaathi/db';
import { getAnalyte, toBaseUnit } from '@reportsaathi/analysis';
import type { AppDeps } from '../../context';
import type { RequestInfo } from '../../kernel/principal';
import { AppError, notFound, unauthorized } from '../../kernel/errors';
import { listValues, REPORT_NOT_FOUND, toValueView, valueKnowledge } from '../reports';
import { clinicianFindings } from './clinician-wording';
import { addressKey, linkKey, PinThrottle } from './pin-throttle';
import {
  findOpenLink,
  findShareableReport,
  insertShareLink,
  listOwnLinks,
  recordUse,
  recordView,
  revokeOwnLink,
  trendPoints,
  type OpenLink,
  type OwnLinkRow,
  type TrendRow,
} from './share-links.repo';
import {
  grantValid,
  hashPin,
  hashToken,
  newGrant,
  newPin,
  newToken,
  openToken,
  sealToken,
  verifyPin,
} from './share-secrets';

export { LINK_UNAVAILABLE };
export const PIN_REQUIRED = 'Enter the PIN to see this report';
export const WRONG_PIN = 'Wrong PIN';
export const TOO_MANY_PINS = 'Too many wrong PINs. Please wait before trying again.';
// The 404 of a link the user does not own, defined with the endpoint table.
export { LINK_NOT_FOUND };
/** Points per value's trend on the shared page. */
export const SHARED_TREND_POINTS = 12;

const sharePath = (token: string) => `/s/${token}`;

function statusOf(row: { revoked_at: Date | null; expires_at: Date }, now = Date.now()) {
  if (row.revoked_at) return 'revoked' as const;
  return row.expires_at.getTime() <= now ? ('expired' as const) : ('active' as const);
}

function toShareLink(deps: AppDeps, row: OwnLinkRow): ShareLink {
  const status = statusOf(row);
  const token = status === 'active' ? openToken(deps.jwtSecret, row.token_sealed) : null;
  return {
    id: row.id,
    report_id: row.report_id,
    report_name: row.report_name,
    status,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
    view_count: row.view_count,
    last_viewed_at: row.last_viewed_at?.toISOString() ?? null,
    path: token ? sharePath(token) : null,
  };
}

/** What the patient chose to show of themselves, taken now (decision 233); null when nothing. */
function patientDetails(
  report: { full_name: string | null; analysis_result: unknown },
  include: { include_name: boolean; include_age: boolean; include_sex: boolean },
): SharedPatient | null {
  if (!include.include_name && !include.include_age && !include.include_sex) return null;
  const printed = (report.analysis_result as { patient?: { age?: unknown; sex?: unknown } } | null)?.patient;
  return {
    name: include.include_name ? (report.full_name ?? null) : null,
    age: include.include_age && typeof printed?.age === 'number' ? printed.age : null,
    sex: include.include_sex && typeof printed?.sex === 'string' ? printed.sex : null,
  };
}

export async function createShareLink(
  deps: AppDeps,
  userId: number,
  reportId: number,
  input: { expires_in_hours: number; include_name: boolean; include_age: boolean; include_sex: boolean },
): Promise<CreatedShareLink> {
  const expiresInHours = input.expires_in_hours;
  const report = await findShareableReport(deps.db, userId, reportId);
  if (!report) throw notFound(REPORT_NOT_FOUND);
  const patient = patientDetails(report, input);
  const token = newToken();
  const pin = newPin();
  const row = await insertShareLink(deps.db, {
    user_id: userId,
    report_id: reportId,
    token_hash: hashToken(token),
    token_sealed: sealToken(deps.jwtSecret, token),
    pin_hash: await hashPin(pin),
    expires_at: new Date(Date.now() + expiresInHours * 3_600_000),
    patient_details: patient ? JSON.stringify(patient) : null,
  });
  const link = toShareLink(deps, { ...row, report_name: report.original_filename });
  return { link, path: sharePath(token), pin };
}

export async function listShareLinks(deps: AppDeps, userId: number, reportId?: number) {
  if (reportId !== undefined && !(await findShareableReport(deps.db, userId, reportId)))
    throw notFound(REPORT_NOT_FOUND);
  const rows = await listOwnLinks(deps.db, userId, reportId);
  return { links: rows.map((r) => toShareLink(deps, r)) };
}

export async function revokeShareLink(deps: AppDeps, userId: number, id: number) {
  if (!(await revokeOwnLink(deps.db, userId, id))) throw notFound(LINK_NOT_FOUND);
  return { message: 'Link turned off' };
}

async function openLink(deps: AppDeps, token: string): Promise<OpenLink> {
  const link = await findOpenLink(deps.db, hashToken(token));
  if (!link) throw notFound(LINK_UNAVAILABLE);
  return link;
}

/**
 * The PIN for a link: a grant to view it, or 401 for a wrong PIN, or 429 (with Retry-After) while
 * the link or the address waits after too many wrong ones. Every try is audited.
 */
export async function unlockShareLink(
  deps: AppDeps,
  token: string,
  pin: string,
  who: RequestInfo,
): Promise<ShareGrant> {
  const link = await openLink(deps, token);
  const throttle = new PinThrottle(deps.db, deps.env.SHARE_PIN_WAIT_SECONDS);
  const result = await throttle.attempt(
    [linkKey(link.id), addressKey(who.ip)],
    () => verifyPin(link.pin_hash, pin),
    [linkKey(link.id)],
  );
  if (result.outcome === 'throttled') {
    await recordUse(deps.db, link.id, 'throttled', who);
    throw new AppError(
      429,
      `${TOO_MANY_PINS} ${tryAgainIn(result.retryAfterSeconds)}`,
      undefined,
      'pin_throttled',
      {
        'Retry-After': String(result.retryAfterSeconds),
      },
    );
  }
  if (result.outcome === 'wrong') {
    await recordUse(deps.db, link.id, 'wrong_pin', who);
    // The wrong PIN that starts a wait says so at once (and when to come back).
    const wait = result.retryAfterSeconds;
    throw new AppError(
      401,
      wait > 0 ? `${WRONG_PIN}. ${TOO_MANY_PINS} ${tryAgainIn(wait)}` : WRONG_PIN,
      undefined,
      'wrong_pin',
      wait > 0 ? { 'Retry-After': String(wait) } : undefined,
    );
  }
  await recordUse(deps.db, link.id, 'unlocked', who);
  const { grant, expiresAt } = newGrant(deps.jwtSecret, link.id, link.expires_at);
  return { grant, expires_at: expiresAt.toISOString() };
}

/** "Try again in 2 minutes." */
export function tryAgainIn(seconds: number): string {
  if (seconds < 90) return `Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  if (seconds < 5400) return `Try again in ${Math.ceil(seconds / 60)} minutes.`;
  return `Try again in ${Math.ceil(seconds / 3600)} hours.`;
}

/** A trend row's value in the shared value's unit, or null when the units do not convert. */
function inUnit(canonicalId: string, row: TrendRow, unit: string): number | null {
  if (row.unit === unit) return row.value_numeric;
  const analyte = getAnalyte(canonicalId);
  if (!analyte) return null;
  const base = toBaseUnit(analyte, row.value_numeric, row.unit);
  const perUnit = toBaseUnit(analyte, 1, unit);
  if (base === null || !perUnit) return null;
  return Number.parseFloat((base / perUnit).toPrecision(6));
}

function rangeIn(canonicalId: string, row: TrendRow, unit: string, bound: number | null): number | null {
  return bound === null ? null : inUnit(canonicalId, { ...row, value_numeric: bound }, unit);
}

function trendOf(v: ReportValueRow, rows: TrendRow[], reportId: number): SharedTrendPoint[] {
  if (v.value_numeric === null || v.uncertain) return [];
  const points: SharedTrendPoint[] = [];
  for (const row of rows) {
    const value = inUnit(v.canonical_id, row, v.unit);
    if (value === null) continue;
    points.push({
      date: row.taken_on,
      value,
      ref_low: rangeIn(v.canonical_id, row, v.unit, row.ref_low),
      ref_high: rangeIn(v.canonical_id, row, v.unit, row.ref_high),
      out_of_range: row.flag !== 'normal',
      current: row.report_id === reportId,
    });
  }
  // A trend needs two points; oldest first for the chart.
  return points.length >= 2 ? points.reverse() : [];
}

/** The shown value's fields the shared page has (contracts' SHARED_VALUE_FIELDS, decision 170). */
function pickShared(v: ReportValue): Omit<SharedValue, 'trend'> {
  const keys = Object.keys(SHARED_VALUE_FIELDS) as Array<keyof typeof SHARED_VALUE_FIELDS>;
  return Object.fromEntries(keys.map((k) => [k, v[k]])) as Omit<SharedValue, 'trend'>;
}

/** The shared page: a valid grant shows the report (and counts a view); none asks for the PIN. */
export async function viewSharedReport(
  deps: AppDeps,
  token: string,
  grant: string | undefined,
  who: RequestInfo,
): Promise<SharedReport> {
  const link = await openLink(deps, token);
  if (!grantValid(deps.jwtSecret, link.id, grant)) throw unauthorized(PIN_REQUIRED);
  const [values, rows] = await Promise.all([
    listValues(deps.db, link.report_id),
    trendPoints(deps.db, link.user_id, link.report_id, SHARED_TREND_POINTS),
    recordView(deps.db, link.id, who),
  ]);
  const byAnalyte = new Map<string, TrendRow[]>();
  for (const r of rows) byAnalyte.set(r.canonical_id, [...(byAnalyte.get(r.canonical_id) ?? []), r]);
  const shown = values.map((v) => ({
    ...pickShared(toValueView(v)),
    ...valueKnowledge(v.canonical_id, link.language),
    trend: trendOf(v, byAnalyte.get(v.canonical_id) ?? [], link.report_id),
  }));
  const patient = link.patient_details as SharedPatient | null;
  return {
    patient: patient
      ? { name: patient.name ?? null, age: patient.age ?? null, sex: patient.sex ?? null }
      : null,
    clinician_findings: clinicianFindings(shown, link.language),
    report_type: link.report_type,
    language: link.language,
    report_date: link.report_taken_on,
    summary: link.summary,
    key_findings: link.key_findings,
    recommendations: link.recommendations,
    expires_at: link.expires_at.toISOString(),
    values: shown,
  };
}
