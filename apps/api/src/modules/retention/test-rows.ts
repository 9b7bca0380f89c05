import type { StoredCartPatient } from '@visita/domain/contract/patients';
import { Readable } from 'node:stream';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import { newStorageKey } from '../../adapters/storage/storage.ts';
import type { Db } from '../../db/database.ts';
import { appointments, leadNotes, medicalOrderFiles, medicalOrders, payments } from '../../db/schema.ts';

/** A cart patient with every personal field set. */
export function person(
  document: string,
  email: string,
  extra: Partial<StoredCartPatient> = {},
): StoredCartPatient {
  return {
    first_name: 'Ana',
    second_name: 'María',
    last_name: 'Pérez',
    second_last_name: 'Soto',
    date_of_birth: '1980-02-03',
    gender: 'female',
    document_type: 'ci',
    document_number: document,
    email,
    phone: '+56912345678',
    items: [1],
    packs: [],
    is_fonasa: false,
    fonasa_tier: null,
    ...extra,
  };
}

/** An appointment with an address and these patients, created at `createdAt`. */
export async function insertAppointment(
  db: Db,
  {
    patients,
    createdAt,
    status = 'pending',
    confirmedAt = null,
  }: {
    patients: StoredCartPatient[];
    createdAt: Date;
    status?: 'pending' | 'scheduled' | 'confirmed' | 'cancelled' | 'expired';
    confirmedAt?: Date | null;
  },
): Promise<string> {
  const [row] = await db
    .insert(appointments)
    .values({
      tokenHash: `hash-${Math.random()}`,
      status,
      salesSource: 'marketplace',
      country: 'cl',
      region: 'Región Metropolitana de Santiago',
      comuna: 'Las Condes',
      colony: null,
      addressLine1: 'Avenida Apoquindo 4500',
      targetAddress: 'Avenida Apoquindo 4500, Las Condes',
      targetStreetNumber: '4500',
      targetLat: -33.4129,
      targetLng: -70.5799,
      targetApartmentNumber: '1201',
      targetAddressAdditionalInfo: 'Timbre 3',
      zipCode: '7550000',
      patients,
      amounts: { subtotal: 10_000, discount: 0, iva: 0, total: 10_000 },
      confirmedAt,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: appointments.id });
  if (!row) throw new Error('appointment insert returned nothing');
  return row.id;
}

export async function insertPayment(
  db: Db,
  appointmentId: string,
  status: 'approved' | 'rejected' | 'cash',
  createdAt = new Date(),
) {
  await db.insert(payments).values({
    appointmentId,
    idempotencyKey: `key-${Math.random()}`,
    gateway: 'sandbox',
    method: 'credit_card',
    status,
    amount: 10_000,
    currency: 'CLP',
    createdAt,
    updatedAt: createdAt,
  });
}

/** A medical order (lead) with one stored file and one note. */
export async function insertOrder(
  db: Db,
  storage: FileStorage,
  { email, createdAt }: { email: string; createdAt: Date },
): Promise<{ id: string; key: string }> {
  const grouped = `g-${Math.random().toString(36).slice(2)}`;
  const [order] = await db
    .insert(medicalOrders)
    .values({
      groupedOrdenMedicaId: grouped,
      salesSource: 'marketplace',
      country: 'cl',
      lead: { name: 'Ana Pérez', email, phone: '+56912345678', address_line_1: 'Apoquindo 4500' },
      createdAt,
    })
    .returning({ id: medicalOrders.id });
  if (!order) throw new Error('order insert returned nothing');
  const key = newStorageKey(`medical-orders/${grouped}`, 'application/pdf');
  await storage.put({
    key,
    contentType: 'application/pdf',
    size: 5,
    body: Readable.from([Buffer.from('%PDF-')]),
  });
  await db.insert(medicalOrderFiles).values({
    medicalOrderId: order.id,
    storageKey: key,
    contentType: 'application/pdf',
    size: 5,
    createdAt,
  });
  await db.insert(leadNotes).values({
    medicalOrderId: order.id,
    operatorId: '00000000-0000-4000-8000-000000000001',
    author: 'Operadora',
    text: 'Llamar a Ana',
  });
  return { id: order.id, key };
}
