import { IP_RULE_NOT_FOUND } from '@reportsaathi/contracts';
import type { IpRestriction, IpRuleKind } from '@reportsaathi/contracts';
import type { DB } from '@reportsaathi/db';
import type { AppDeps } from '../../context';
import type { AdminActor } from '../../kernel/principal';
import { AppError, badRequest, notFound } from '../../kernel/errors';
import { audited } from '../audit';
import { decide, liveIpRules, normaliseCidr, type IpRule } from '../../platform/security/ip-rules';
import { recordSecurityEvent } from '../../platform/security/security-events';
import { deleteIpRule, findIpRule, insertIpRule, listIpRules, updateIpRule } from './security-admin.repo';

export const INVALID_CIDR = 'Invalid IP address or CIDR range';

type Row = Awaited<ReturnType<typeof listIpRules>>[number];
function toIpRestriction(r: Row): IpRestriction {
  return {
    id: r.id,
    ip_cidr: r.ip_cidr,
    kind: r.kind,
    description: r.description,
    is_active: r.is_active,
    created_by: r.created_by,
    created_by_username: r.created_by_username,
    expires_at: r.expires_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
  };
}

export async function listRestrictions(db: DB): Promise<IpRestriction[]> {
  return (await listIpRules(db)).map(toIpRestriction);
}

export async function getRestriction(db: DB, id: number): Promise<IpRestriction> {
  const r = await findIpRule(db, id);
  if (!r) throw notFound(IP_RULE_NOT_FOUND);
  return toIpRestriction(r);
}

/**
 * The safeguard: a change to the rules that would keep the acting admin's own address out is
 * refused (409), so nobody locks themself out of the portal by mistake.
 */
async function assertKeepsActorIn(db: DB, actor: AdminActor, rules: IpRule[], change: object) {
  if (decide(actor.ip, rules) === 'ok') return;
  await recordSecurityEvent(db, {
    type: 'ip_rule_refused',
    subject: { kind: 'admin', id: actor.admin.id },
    ip: actor.ip,
    details: { reason: 'would_lock_out_actor', ...change },
  });
  throw new AppError(
    409,
    `This change would block your own IP address (${actor.ip ?? 'unknown'}). Add an allow rule for it first.`,
  );
}

/** A range as PostgreSQL's cidr writes it; an invalid one is a 400 and a security event. */
async function validCidr(db: DB, actor: AdminActor, input: string): Promise<string> {
  const cidr = normaliseCidr(input);
  if (cidr) return cidr;
  await recordSecurityEvent(db, {
    type: 'ip_rule_refused',
    subject: { kind: 'admin', id: actor.admin.id },
    ip: actor.ip,
    details: { reason: 'invalid_cidr', ip_cidr: input.slice(0, 64) },
  });
  throw badRequest(INVALID_CIDR, { ip_cidr: INVALID_CIDR });
}

/** An expiry must lie ahead: a rule that has already expired would never apply. */
function futureExpiry(value: string | null | undefined): Date | null {
  const expires = value ? new Date(value) : null;
  if (expires && expires.getTime() <= Date.now())
    throw badRequest('expires_at must be in the future', { expires_at: 'expires_at must be in the future' });
  return expires;
}

/** Whether a rule applies now: active and not past its expiry (the same test as liveIpRules). */
function applies(rule: { is_active: boolean; expires_at: Date | null }): boolean {
  return rule.is_active && (!rule.expires_at || rule.expires_at.getTime() > Date.now());
}

export async function createRestriction(
  deps: Pick<AppDeps, 'db'>,
  actor: AdminActor,
  input: { ip_cidr: string; kind: IpRuleKind; description?: string; expires_at?: string },
): Promise<IpRestriction> {
  const cidr = await validCidr(deps.db, actor, input.ip_cidr);
  const expires = futureExpiry(input.expires_at);
  const current = await liveIpRules(deps.db);
  await assertKeepsActorIn(deps.db, actor, [...current, { ip_cidr: cidr, kind: input.kind }], {
    ip_cidr: cidr,
    kind: input.kind,
  });
  const id = await audited(
    deps,
    actor,
    {
      action: 'create_ip_restriction',
      resource_type: 'ip_restriction',
      details: { ip_cidr: cidr, kind: input.kind },
    },
    async (trx, note) => {
      const newId = await insertIpRule(trx, {
        ip_cidr: cidr,
        kind: input.kind,
        description: input.description || null,
        created_by: actor.admin.id,
        expires_at: expires,
      });
      note.resourceId(newId);
      await recordSecurityEvent(trx, {
        type: 'ip_rule_created',
        subject: { kind: 'admin', id: actor.admin.id },
        ip: actor.ip,
        details: { id: newId, ip_cidr: cidr, kind: input.kind },
      });
      return newId;
    },
  );
  return getRestriction(deps.db, id);
}

/**
 * Edits a rule (range, kind, note, active, expiry). The self-lockout safeguard judges the rules
 * as they would be after the edit, so narrowing an allow rule, turning a block onto one's own
 * address or switching off the allow rule one depends on are all refused with 409.
 */
export async function updateRestriction(
  deps: Pick<AppDeps, 'db'>,
  actor: AdminActor,
  id: number,
  input: {
    ip_cidr?: string;
    kind?: IpRuleKind;
    description?: string | null;
    is_active?: boolean;
    expires_at?: string | null;
  },
): Promise<IpRestriction> {
  const rule = await findIpRule(deps.db, id);
  if (!rule) throw notFound(IP_RULE_NOT_FOUND);
  const changes: Parameters<typeof updateIpRule>[2] = {};
  if (input.ip_cidr !== undefined) changes.ip_cidr = await validCidr(deps.db, actor, input.ip_cidr);
  if (input.kind !== undefined) changes.kind = input.kind;
  if (input.description !== undefined) changes.description = input.description || null;
  if (input.is_active !== undefined) changes.is_active = input.is_active;
  if (input.expires_at !== undefined) changes.expires_at = futureExpiry(input.expires_at);
  const after = { ...rule, ...changes };
  const others = (await liveIpRules(deps.db)).filter((r) => r.id !== id);
  await assertKeepsActorIn(
    deps.db,
    actor,
    applies(after) ? [...others, { ip_cidr: after.ip_cidr, kind: after.kind }] : others,
    { editing: id, ip_cidr: after.ip_cidr, kind: after.kind, is_active: after.is_active },
  );
  // What changed, as before -> after, for the audit row and the security event.
  const changed = Object.fromEntries(
    Object.entries(changes).map(([k, v]) => {
      const before = rule[k as keyof typeof rule];
      const show = (x: unknown) => (x instanceof Date ? x.toISOString() : (x ?? null));
      return [k, { from: show(before), to: show(v) }];
    }),
  );
  await audited(
    deps,
    actor,
    {
      action: 'update_ip_restriction',
      resource_type: 'ip_restriction',
      resource_id: id,
      details: { ip_cidr: after.ip_cidr, kind: after.kind, changes: changed },
    },
    async (trx) => {
      if (!(await updateIpRule(trx, id, changes))) throw notFound(IP_RULE_NOT_FOUND);
      await recordSecurityEvent(trx, {
        type: 'ip_rule_updated',
        subject: { kind: 'admin', id: actor.admin.id },
        ip: actor.ip,
        details: { id, ip_cidr: after.ip_cidr, kind: after.kind, changes: changed },
      });
    },
  );
  return getRestriction(deps.db, id);
}

export async function deleteRestriction(
  deps: Pick<AppDeps, 'db'>,
  actor: AdminActor,
  id: number,
): Promise<{ message: string }> {
  const rule = await findIpRule(deps.db, id);
  if (!rule) throw notFound(IP_RULE_NOT_FOUND);
  const remaining = (await liveIpRules(deps.db)).filter((r) => r.id !== id);
  await assertKeepsActorIn(deps.db, actor, remaining, { deleting: id, ip_cidr: rule.ip_cidr });
  await audited(
    deps,
    actor,
    {
      action: 'delete_ip_restriction',
      resource_type: 'ip_restriction',
      resource_id: id,
      details: { ip_cidr: rule.ip_cidr, kind: rule.kind },
    },
    async (trx) => {
      if (!(await deleteIpRule(trx, id))) throw notFound(IP_RULE_NOT_FOUND);
      await recordSecurityEvent(trx, {
        type: 'ip_rule_deleted',
        subject: { kind: 'admin', id: actor.admin.id },
        ip: actor.ip,
        details: { id, ip_cidr: rule.ip_cidr, kind: rule.kind },
      });
    },
  );
  return { message: 'IP restriction deleted' };
}
