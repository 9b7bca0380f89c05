import * as ERRORS from '@visita/domain/contract/api-errors';
import type {
  CreatePartnerBody,
  PartnerAnswer,
  PatchPartnerBody,
} from '@visita/domain/contract/admin-partners';
import { MASKED_SECRET } from '@visita/domain/contract/console-partners';
import {
  type PartnerProfile,
  partnerProfileSchema,
  readPartnerProfile,
  SOURCE_WIDE_RULES,
} from '@visita/domain/partner-profile';
import type { z } from 'zod';
import { type Db, inTransaction } from '../../db/database.ts';
import type { ClientRow, NewClientRow } from '../../db/schema.ts';
import { AppError, fail } from '../../errors.ts';
import { hashApiToken, newApiToken } from '../clients/api-token.ts';
import { INTERNAL_WEBHOOK_URL_MESSAGE, namesInternalHost } from '../webhooks/webhook-address.ts';
import { findClientById } from '../clients/queries.ts';
import { rosterDocument } from '../appointments/split-payment.ts';
import {
  type AuditAction,
  insertAuditEntry,
  insertPartner,
  listCompanyEmployees,
  lockSourcePartners,
  replaceCompanyEmployees,
  updatePartner,
} from './partner-queries.ts';

/** Who made a change, as the audit log records it: a name, or a console operator's with their id. */
export type Actor = string | { name: string; operatorId: string };
const actorName = (actor: Actor) => (typeof actor === 'string' ? actor : actor.name);
const operatorIdOf = (actor: Actor) => (typeof actor === 'string' ? null : actor.operatorId);

/** How documents are checked beyond their schema. */
interface DocumentChecks {
  /** WEBHOOK_ALLOW_PRIVATE: a webhook may name an internal address (tests' receivers). */
  webhookAllowPrivate?: boolean;
}

/** A refused partner document: a summary and each field's problem, in Spanish. */
export class InvalidPartner extends AppError {
  constructor(fields: Record<string, string>) {
    const [first] = Object.entries(fields);
    super(400, 'invalid-partner', first ? `${first[0]}: ${first[1]}` : 'El socio no es válido.', fields);
  }
}

export const partnerNotFound = () => fail(ERRORS.PARTNER_NOT_FOUND);
const partnerExists = () => fail(ERRORS.PARTNER_EXISTS);

/** Each issue of a zod error by its path under `prefix`, the first one per path. */
export function fieldsOf(error: z.ZodError, prefix = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(documento)';
    fields[path] ??= issue.message;
  }
  return fields;
}

const MASK = MASKED_SECRET;

/** The document without secrets: the webhook's secret masked (the operator set it; nobody reads it back). */
function maskedProfile(profile: Record<string, unknown>): Record<string, unknown> {
  const webhook = profile.webhook as { secret?: unknown } | null | undefined;
  return webhook && typeof webhook === 'object'
    ? { ...profile, webhook: { ...webhook, secret: MASK } }
    : profile;
}

export function toPartnerAnswer(row: ClientRow): PartnerAnswer {
  return {
    id: row.id,
    name: row.name,
    logo_url: row.logoUrl,
    country: row.country,
    sales_source: row.salesSource,
    receivers: row.receivers,
    origins: row.origins,
    is_last_mile: row.isLastMile,
    show_results: row.showResults,
    show_tyc: row.showTyc,
    default_patient_email: row.defaultPatientEmail,
    max_patients_per_appointment: row.maxPatientsPerAppointment,
    extra_amount: row.extraAmount,
    steps: row.steps,
    laas_config_v2: row.laasConfig,
    sdk_config_v2: row.sdkConfig,
    // The whole profile, defaults included: what the partner gets, every field an operator may set.
    profile: maskedProfile(readPartnerProfile(row.profile)),
    domains: row.domains,
    has_api_token: row.apiTokenHash !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a partner: its document, secrets masked, without timestamps. */
const auditView = (row: ClientRow | undefined): Record<string, unknown> | null => {
  if (!row) return null;
  const { created_at: _createdAt, ...document } = toPartnerAnswer(row);
  return document;
};

/**
 * The stored profile with the sent top-level keys replacing its own, checked whole. A webhook
 * sent without its secret keeps the stored secret (the operator never reads it back to resend it).
 */
function mergeProfile(
  stored: Record<string, unknown>,
  sent: Record<string, unknown> | undefined,
  checks: DocumentChecks,
): PartnerProfile {
  const merged: Record<string, unknown> = { ...stored, ...(sent ?? {}) };
  const sentWebhook = sent?.webhook as Record<string, unknown> | null | undefined;
  const storedWebhook = stored.webhook as Record<string, unknown> | null | undefined;
  if (
    sentWebhook &&
    typeof sentWebhook === 'object' &&
    (sentWebhook.secret === undefined || sentWebhook.secret === MASK)
  ) {
    merged.webhook = { ...sentWebhook, secret: storedWebhook?.secret };
  }
  const parsed = partnerProfileSchema.safeParse(merged);
  const fields = parsed.success ? {} : fieldsOf(parsed.error, 'profile');
  // A first line against probing the internal network: an address that is plainly internal is
  // refused as it is written (said before the schema's 'https' text, which would mislead). Names
  // resolving to one are refused when delivering. A stored webhook the change leaves as it was is
  // left to that check too.
  const sentUrl = sentWebhook && typeof sentWebhook === 'object' ? sentWebhook.url : undefined;
  if (!checks.webhookAllowPrivate && typeof sentUrl === 'string' && namesInternalHost(sentUrl))
    fields['profile.webhook.url'] = INTERNAL_WEBHOOK_URL_MESSAGE;
  if (!parsed.success || Object.keys(fields).length > 0) throw new InvalidPartner(fields);
  return parsed.data;
}

/** The columns a document's fields set (only the ones sent). */
function columnsOf(
  body: PatchPartnerBody,
  storedProfile: Record<string, unknown>,
  checks: DocumentChecks,
): Partial<NewClientRow> {
  const columns: Partial<NewClientRow> = {};
  if (body.name !== undefined) columns.name = body.name;
  if (body.logo_url !== undefined) columns.logoUrl = body.logo_url;
  if (body.country !== undefined) columns.country = body.country;
  if (body.sales_source !== undefined) columns.salesSource = body.sales_source;
  if (body.receivers !== undefined) columns.receivers = body.receivers;
  if (body.origins !== undefined) columns.origins = body.origins;
  if (body.is_last_mile !== undefined) columns.isLastMile = body.is_last_mile;
  if (body.show_results !== undefined) columns.showResults = body.show_results;
  if (body.show_tyc !== undefined) columns.showTyc = body.show_tyc;
  if (body.default_patient_email !== undefined) columns.defaultPatientEmail = body.default_patient_email;
  if (body.max_patients_per_appointment !== undefined)
    columns.maxPatientsPerAppointment = body.max_patients_per_appointment;
  if (body.extra_amount !== undefined) columns.extraAmount = body.extra_amount;
  if (body.steps !== undefined) columns.steps = body.steps;
  if (body.laas_config_v2 !== undefined) columns.laasConfig = body.laas_config_v2;
  if (body.sdk_config_v2 !== undefined) columns.sdkConfig = body.sdk_config_v2;
  if (body.domains !== undefined) columns.domains = [...new Set(body.domains)];
  if (body.profile !== undefined) columns.profile = mergeProfile(storedProfile, body.profile, checks);
  return columns;
}

/** `note`: what the audit entry's after adds to the document (read once the change is made). */
async function audited<T extends ClientRow>(
  db: Db,
  actor: Actor,
  action: AuditAction,
  before: ClientRow | undefined,
  change: (tx: Db) => Promise<T>,
  note: () => Record<string, unknown> = () => ({}),
): Promise<T> {
  return inTransaction(db, async (tx) => {
    const after = await change(tx);
    const view = auditView(after);
    await insertAuditEntry(tx, {
      actor: actorName(actor),
      operatorId: operatorIdOf(actor),
      action,
      partnerId: after.id,
      before: auditView(before),
      after: view && { ...view, ...note() },
    });
    return after;
  });
}

/** The ids of the other partners on the source an operator confirms a source-wide change for. */
export type SourceRulesConfirmation = readonly string[] | undefined;

/** A partner's values of the source-wide rules, each as canonical JSON (the parsed profile's key order). */
function sourceWideValues(profile: Record<string, unknown>): Record<string, string> {
  const { rules } = readPartnerProfile(profile);
  return Object.fromEntries(SOURCE_WIDE_RULES.map((rule) => [rule, JSON.stringify(rules[rule])]));
}

/**
 * The catalogue merges SOURCE_WIDE_RULES across the partners of a sales source, so a partner that
 * states one otherwise than the others on its source changes their prices too. Such a change, made
 * by creating a partner, changing those rules or moving it to another source (the one it joins and
 * the one it leaves), passes only when the operator names exactly the other partners on those
 * sources; it answers who was named, for the audit log (none when nobody else is reached). A
 * change that leaves those rules and the source as they were is not checked, so a source whose
 * partners already disagree does not block their other edits.
 */
async function checkSourceRules(
  tx: Db,
  id: string,
  before: Pick<ClientRow, 'salesSource' | 'profile'> | undefined,
  after: Pick<ClientRow, 'salesSource' | 'profile'>,
  confirmation: SourceRulesConfirmation,
): Promise<string[]> {
  const moved = !before || before.salesSource !== after.salesSource;
  const was = before && sourceWideValues(before.profile);
  const is = sourceWideValues(after.profile);
  const changed = SOURCE_WIDE_RULES.filter((rule) => moved || was?.[rule] !== is[rule]);
  if (changed.length === 0) return [];
  const reaches: ERRORS.SourceRulesReach[] = [];
  const reach = async (source: string, values: Record<string, string>, rules: readonly string[]) => {
    const others = (await lockSourcePartners(tx, source)).filter((partner) => partner.id !== id);
    const differing = rules.filter((rule) =>
      others.some((partner) => sourceWideValues(partner.profile)[rule] !== values[rule]),
    );
    if (differing.length > 0)
      reaches.push({ source, rules: differing, partners: others.map((partner) => partner.id) });
  };
  await reach(after.salesSource, is, changed);
  if (before && was && moved) await reach(before.salesSource, was, SOURCE_WIDE_RULES);
  if (reaches.length === 0) return [];
  const reached = [...new Set(reaches.flatMap((one) => one.partners))].sort();
  if (!confirmation) throw fail(ERRORS.sourceRulesUnconfirmed(reaches));
  const named = [...new Set(confirmation)].sort();
  if (named.join(',') !== reached.join(',')) throw fail(ERRORS.sourceRulesConfirmationMismatch(reaches));
  return reached;
}

/**
 * POST /admin/partners: a new partner, with the product's defaults for what it does not say.
 * `confirmation`: see checkSourceRules.
 */
export async function createPartner(
  db: Db,
  body: CreatePartnerBody,
  actor: Actor,
  checks: DocumentChecks = {},
  confirmation: SourceRulesConfirmation = undefined,
): Promise<ClientRow> {
  if (await findClientById(db, body.id)) throw partnerExists();
  const columns = columnsOf({ profile: {}, ...body }, {}, checks);
  let confirmedFor: string[] = [];
  const row = await audited(
    db,
    actor,
    'partner.created',
    undefined,
    async (tx) => {
      confirmedFor = await checkSourceRules(
        tx,
        body.id,
        undefined,
        { salesSource: body.sales_source, profile: columns.profile ?? {} },
        confirmation,
      );
      const inserted = await insertPartner(tx, {
        id: body.id,
        name: body.name,
        country: body.country,
        salesSource: body.sales_source,
        ...columns,
      });
      // Two operators creating one id at once: the second finds the first's row.
      if (!inserted) throw partnerExists();
      return inserted;
    },
    () => sourceRulesNote(confirmedFor),
  );
  return row;
}

/** The audit log says whom a confirmed source-wide change reached. */
const sourceRulesNote = (confirmedFor: string[]) =>
  confirmedFor.length > 0 ? { source_rules_confirmed_for: confirmedFor } : {};

/**
 * PATCH /admin/partners/{id}: the fields sent replace the stored ones; the profile key by key.
 * `confirmation`: see checkSourceRules.
 */
export async function patchPartner(
  db: Db,
  id: string,
  body: PatchPartnerBody,
  actor: Actor,
  checks: DocumentChecks = {},
  confirmation: SourceRulesConfirmation = undefined,
): Promise<ClientRow> {
  const before = await findClientById(db, id);
  if (!before) throw partnerNotFound();
  const columns = columnsOf(body, before.profile, checks);
  let confirmedFor: string[] = [];
  return audited(
    db,
    actor,
    'partner.updated',
    before,
    async (tx) => {
      confirmedFor = await checkSourceRules(
        tx,
        id,
        before,
        {
          salesSource: columns.salesSource ?? before.salesSource,
          profile: columns.profile ?? before.profile,
        },
        confirmation,
      );
      const updated = await updatePartner(tx, id, columns);
      if (!updated) throw partnerNotFound();
      return updated;
    },
    () => sourceRulesNote(confirmedFor),
  );
}

/** A new staff token for the partner, replacing (and so revoking) the old one; answered once. */
export async function rotateApiToken(db: Db, id: string, actor: Actor): Promise<string> {
  const before = await findClientById(db, id);
  if (!before) throw partnerNotFound();
  const token = newApiToken();
  await audited(db, actor, 'partner.api_token_rotated', before, async (tx) => {
    const updated = await updatePartner(tx, id, { apiTokenHash: hashApiToken(token) });
    if (!updated) throw partnerNotFound();
    return updated;
  });
  return token;
}

/** The partner's staff token stops working; staff consoles then need a new one. */
export async function revokeApiToken(db: Db, id: string, actor: Actor): Promise<void> {
  const before = await findClientById(db, id);
  if (!before) throw partnerNotFound();
  await audited(db, actor, 'partner.api_token_revoked', before, async (tx) => {
    const updated = await updatePartner(tx, id, { apiTokenHash: null });
    if (!updated) throw partnerNotFound();
    return updated;
  });
}

/** The split-payment company's roster as stored: documents in order. */
export async function partnerEmployees(db: Db, id: string): Promise<{ count: number; documents: string[] }> {
  if (!(await findClientById(db, id))) throw partnerNotFound();
  const documents = await listCompanyEmployees(db, id);
  return { count: documents.length, documents };
}

/**
 * PUT /admin/partners/{id}/employees: the roster replaced in one transaction, audited with how
 * many people it had and has (the documents themselves stay out of the audit log).
 */
export async function replacePartnerEmployees(
  db: Db,
  id: string,
  documents: readonly string[],
  actor: Actor,
): Promise<{ count: number; documents: string[] }> {
  if (!(await findClientById(db, id))) throw partnerNotFound();
  const unique = [...new Set(documents.map(rosterDocument))];
  await inTransaction(db, async (tx) => {
    const before = await listCompanyEmployees(tx, id);
    await replaceCompanyEmployees(tx, id, unique);
    await insertAuditEntry(tx, {
      actor: actorName(actor),
      operatorId: operatorIdOf(actor),
      action: 'partner.employees_replaced',
      partnerId: id,
      before: { employees: before.length },
      after: { employees: unique.length },
    });
  });
  return partnerEmployees(db, id);
}
