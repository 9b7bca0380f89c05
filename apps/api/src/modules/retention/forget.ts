/**
 * Forgetting one person on request (docs/decisions/data-retention.md): every trace of a RUT or an
 * e-mail is erased or anonymised in one transaction, keeping what accounting must keep (payments,
 * appointments' ids, dates, statuses and amounts). One audit row with the counts, never the data.
 */
import { randomUUID } from 'node:crypto';
import { cleanRut, formatRut, isValidRut } from '@visita/domain/validators/rut';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import { type Db, markErasing } from '../../db/database.ts';
import {
  appointments,
  auditLog,
  clientPatients,
  companyEmployees,
  consoleNotes,
  couponUsePeople,
  fundAffiliates,
  leadNotes,
  medicalOrderFiles,
  medicalOrders,
  outboxEvents,
  patientItemClaims,
  users,
} from '../../db/schema.ts';
import { ERASED_ADDRESS, ERASED_PAYLOAD, erasePatient } from './erase.ts';

/** Whom to forget: a RUT (as '11.111.111-1' and its bare digits) or an e-mail, lower-cased. */
export type PersonKey = { kind: 'rut'; formatted: string; clean: string } | { kind: 'email'; email: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The identifier as the app stores it, or a problem in Spanish. */
export function parsePersonKey(value: string | undefined): PersonKey | { problem: string } {
  const trimmed = (value ?? '').normalize('NFC').trim();
  if (!trimmed) return { problem: 'Falta el RUT o el correo de la persona.' };
  if (trimmed.includes('@')) {
    const email = trimmed.toLowerCase();
    if (email.length > 254 || !EMAIL.test(email)) return { problem: `«${trimmed}» no es un correo válido.` };
    return { kind: 'email', email };
  }
  if (!/^[0-9.\-\skK]+$/.test(trimmed) || !isValidRut(trimmed))
    return { problem: `«${trimmed}» no es un RUT válido ni un correo.` };
  return { kind: 'rut', formatted: formatRut(trimmed), clean: cleanRut(trimmed) };
}

export interface ForgetCounts {
  appointments: number;
  appointment_patients: number;
  appointment_addresses: number;
  appointment_notes: number;
  accounts: number;
  client_patients: number;
  medical_orders: number;
  medical_order_files: number;
  lead_notes: number;
  company_employees: number;
  fund_affiliates: number;
  item_claims: number;
  coupon_uses: number;
  outbox_events: number;
}

export interface ForgetResult {
  counts: ForgetCounts;
  /** Files the storage could not remove after the commit (their rows are gone): to remove by hand. */
  filesNotRemoved: string[];
}

/** A text column's RUT digits, as cleanRut folds them: comparable whatever its punctuation. */
const rutDigits = (column: unknown) => sql`upper(regexp_replace(${column}, '[^0-9kK]', '', 'g'))`;

/** Whether a stored cart patient (jsonb) is this person. */
function patientMatches(
  patient: { document_type?: string | null; document_number?: string | null; email?: string | null },
  emails: Set<string>,
  ruts: Set<string>,
) {
  const email = patient.email?.trim().toLowerCase();
  if (email && emails.has(email)) return true;
  const document = patient.document_number ? cleanRut(patient.document_number) : '';
  return (patient.document_type ?? 'ci') === 'ci' && document !== '' && ruts.has(document);
}

/**
 * Finds and erases the person. With dryRun nothing is written (the transaction rolls back) and
 * no file is removed; the counts are what would be done.
 */
export async function forgetPerson(
  db: Db,
  storage: FileStorage,
  key: PersonKey,
  {
    dryRun = false,
    actor = 'operator',
    now = new Date(),
  }: { dryRun?: boolean; actor?: string; now?: Date } = {},
): Promise<ForgetResult> {
  const filesToRemove: string[] = [];
  let counts: ForgetCounts | null = null;
  const rollback = new Error('dry run');
  try {
    await db.transaction(async (tx) => {
      await markErasing(tx as unknown as Db);
      // The person's other identifiers, learnt from the records that name them: a RUT's accounts
      // and carts give its e-mails (leads and e-mails carry only those), an e-mail's give RUTs.
      const emails = new Set<string>(key.kind === 'email' ? [key.email] : []);
      const ruts = new Set<string>(key.kind === 'rut' ? [key.clean] : []);
      const rutList = () => [...ruts];
      const emailList = () => [...emails];
      const learn = (email: string | null | undefined, document: string | null | undefined, type = 'ci') => {
        if (email?.trim()) emails.add(email.trim().toLowerCase());
        if (type === 'ci' && document && isValidRut(document)) ruts.add(cleanRut(document));
      };

      const accountRows = await tx
        .select({
          id: users.id,
          email: users.email,
          document: users.documentNumber,
          type: users.documentType,
        })
        .from(users)
        .where(
          key.kind === 'email'
            ? eq(sql`lower(${users.email})`, key.email)
            : or(
                eq(rutDigits(users.identifier), key.clean),
                and(eq(users.documentType, 'ci'), eq(rutDigits(users.documentNumber), key.clean)),
              ),
        )
        .for('update');
      for (const row of accountRows) learn(row.email, row.document, row.type);

      const personWhere = () =>
        or(
          emails.size > 0 ? inArray(sql`lower(${clientPatients.email})`, emailList()) : sql`false`,
          ruts.size > 0
            ? and(
                eq(clientPatients.documentType, 'ci'),
                inArray(rutDigits(clientPatients.documentNumber), rutList()),
              )
            : sql`false`,
        );
      const savedPatients = await tx
        .select({
          id: clientPatients.id,
          email: clientPatients.email,
          document: clientPatients.documentNumber,
          type: clientPatients.documentType,
        })
        .from(clientPatients)
        .where(personWhere());
      for (const row of savedPatients) learn(row.email, row.document, row.type);

      // Appointments whose cart names the person (by any of the identifiers known so far).
      const cartMatch = sql`exists (select 1 from jsonb_array_elements(${appointments.patients}) as p
        where lower(p->>'email') = any(${sql.param(emailList())}::text[])
           or (coalesce(p->>'document_type', 'ci') = 'ci'
               and upper(regexp_replace(coalesce(p->>'document_number', ''), '[^0-9kK]', '', 'g')) = any(${sql.param(rutList())}::text[])))`;
      const appointmentRows = await tx
        .select({ id: appointments.id, patients: appointments.patients })
        .from(appointments)
        .where(cartMatch)
        .for('update');
      for (const row of appointmentRows)
        for (const patient of row.patients)
          if (patientMatches(patient, emails, ruts))
            learn(patient.email, patient.document_number, patient.document_type ?? 'ci');

      const stats: ForgetCounts = {
        appointments: 0,
        appointment_patients: 0,
        appointment_addresses: 0,
        appointment_notes: 0,
        accounts: 0,
        client_patients: 0,
        medical_orders: 0,
        medical_order_files: 0,
        lead_notes: 0,
        company_employees: 0,
        fund_affiliates: 0,
        item_claims: 0,
        coupon_uses: 0,
        outbox_events: 0,
      };

      // Appointments: the person's entries lose who they are; the address goes when every patient
      // was this person (it is then only theirs). Ids, dates, statuses and amounts stay.
      const fullyTheirs: string[] = [];
      for (const row of appointmentRows) {
        let erased = 0;
        const patients = row.patients.map((patient) => {
          if (!patientMatches(patient, emails, ruts)) return patient;
          erased += 1;
          return erasePatient(patient);
        });
        if (erased === 0) continue;
        const whole = erased === row.patients.length;
        if (whole) fullyTheirs.push(row.id);
        stats.appointments += 1;
        stats.appointment_patients += erased;
        if (whole) stats.appointment_addresses += 1;
        await tx
          .update(appointments)
          .set(whole ? { ...ERASED_ADDRESS, patients } : { patients })
          .where(eq(appointments.id, row.id));
      }
      if (fullyTheirs.length > 0) {
        const notes = await tx
          .update(consoleNotes)
          .set({ text: '[borrado a pedido del titular]' })
          .where(inArray(consoleNotes.appointmentId, fullyTheirs))
          .returning({ id: consoleNotes.id });
        stats.appointment_notes = notes.length;
      }

      if (accountRows.length > 0)
        stats.accounts = (
          await tx
            .delete(users)
            .where(
              inArray(
                users.id,
                accountRows.map((row) => row.id),
              ),
            )
            .returning({ id: users.id })
        ).length;
      if (savedPatients.length > 0)
        stats.client_patients = (
          await tx
            .delete(clientPatients)
            .where(
              inArray(
                clientPatients.id,
                savedPatients.map((row) => row.id),
              ),
            )
            .returning({ id: clientPatients.id })
        ).length;

      // Medical orders (leads) sent with one of the person's e-mails, with their files and notes.
      if (emails.size > 0) {
        const orders = await tx
          .select({ id: medicalOrders.id })
          .from(medicalOrders)
          .where(inArray(sql`lower(${medicalOrders.lead}->>'email')`, emailList()))
          .for('update');
        const orderIds = orders.map((row) => row.id);
        if (orderIds.length > 0) {
          const files = await tx
            .select({ key: medicalOrderFiles.storageKey })
            .from(medicalOrderFiles)
            .where(inArray(medicalOrderFiles.medicalOrderId, orderIds));
          filesToRemove.push(...files.map((file) => file.key));
          stats.medical_order_files = files.length;
          stats.lead_notes = (
            await tx
              .select({ id: leadNotes.id })
              .from(leadNotes)
              .where(inArray(leadNotes.medicalOrderId, orderIds))
          ).length;
          stats.medical_orders = (
            await tx
              .delete(medicalOrders)
              .where(inArray(medicalOrders.id, orderIds))
              .returning({ id: medicalOrders.id })
          ).length;
        }
      }

      if (ruts.size > 0) {
        stats.company_employees = (
          await tx
            .delete(companyEmployees)
            .where(inArray(rutDigits(companyEmployees.document), rutList()))
            .returning({ document: companyEmployees.document })
        ).length;
        stats.fund_affiliates = (
          await tx
            .delete(fundAffiliates)
            .where(inArray(rutDigits(fundAffiliates.rut), rutList()))
            .returning({ rut: fundAffiliates.rut })
        ).length;
        // A claim and a coupon use keep their meaning (this appointment took it) under a random key
        // no one can trace back to the person: their rows stay, so counts and uses stay right.
        const claims = await tx
          .select({
            identifier: patientItemClaims.identifier,
            itemSlug: patientItemClaims.itemSlug,
            salesSource: patientItemClaims.salesSource,
          })
          .from(patientItemClaims)
          .where(inArray(rutDigits(patientItemClaims.identifier), rutList()));
        for (const claim of claims)
          await tx
            .update(patientItemClaims)
            .set({ identifier: `olvidado:${randomUUID()}` })
            .where(
              and(
                eq(patientItemClaims.identifier, claim.identifier),
                eq(patientItemClaims.itemSlug, claim.itemSlug),
                eq(patientItemClaims.salesSource, claim.salesSource),
              ),
            );
        stats.item_claims = claims.length;
        const uses = await tx
          .select({ couponCode: couponUsePeople.couponCode, person: couponUsePeople.person })
          .from(couponUsePeople)
          .where(
            inArray(
              couponUsePeople.person,
              rutList().map((rut) => `ci:${rut}`),
            ),
          );
        for (const use of uses)
          await tx
            .update(couponUsePeople)
            .set({ person: `olvidado:${randomUUID()}` })
            .where(
              and(eq(couponUsePeople.couponCode, use.couponCode), eq(couponUsePeople.person, use.person)),
            );
        stats.coupon_uses = uses.length;
      }

      // E-mails and webhooks that carry one of the person's identifiers: emptied (sent or not), and
      // those not sent yet never will be.
      const needles = [...emailList(), ...rutList().flatMap((rut) => [rut, formatRut(rut)])];
      if (needles.length > 0) {
        const events = await tx
          .update(outboxEvents)
          .set({
            payload: ERASED_PAYLOAD,
            failedAt: sql`case when ${outboxEvents.deliveredAt} is null then coalesce(${outboxEvents.failedAt}, ${now.toISOString()}::timestamptz) else ${outboxEvents.failedAt} end`,
          })
          .where(
            and(
              sql`lower(${outboxEvents.payload}::text) like any(${sql.param(needles.map((needle) => `%${needle.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`))}::text[])`,
            ),
          )
          .returning({ id: outboxEvents.id });
        stats.outbox_events = events.length;
      }

      await tx.insert(auditLog).values({
        at: now,
        actor,
        action: 'patient.forgotten',
        entityType: 'person',
        entityId: null,
        partnerId: null,
        before: null,
        after: { ...stats, identifier_kind: key.kind, dry_run: false },
      });
      counts = stats;
      if (dryRun) throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  const filesNotRemoved: string[] = [];
  if (!dryRun)
    for (const file of filesToRemove) {
      try {
        await storage.remove(file);
      } catch {
        filesNotRemoved.push(file);
      }
    }
  if (!counts) throw new Error('forgetPerson: no counts');
  return { counts, filesNotRemoved };
}
