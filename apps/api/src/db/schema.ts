import type { ClientStep, ModeConfig, Receiver } from '@visita/domain/contract/client-config';
import { parseStoredCart, type StoredCartPatient } from '@visita/domain/contract/patients';
import { AUDIT_ACTIONS } from '@visita/domain/contract/admin-partners';
import { CONSOLE_ROLES } from '@visita/domain/console-permissions';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A partner (or the marketplace itself): the id is the URL segment of the widget. */
export const clients = pgTable('clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  country: text('country', { enum: ['cl', 'mx'] }).notNull(),
  salesSource: text('sales_source').notNull(),
  receivers: jsonb('receivers').$type<Receiver[]>().notNull().default([]),
  origins: jsonb('origins').$type<string[]>().notNull().default([]),
  isLastMile: boolean('is_last_mile').notNull().default(false),
  showResults: boolean('show_results').notNull().default(true),
  showTyc: boolean('show_tyc').notNull().default(false),
  defaultPatientEmail: text('default_patient_email'),
  maxPatientsPerAppointment: integer('max_patients_per_appointment'),
  extraAmount: integer('extra_amount').notNull().default(0),
  steps: jsonb('steps').$type<ClientStep[]>().notNull().default([]),
  laasConfig: jsonb('laas_config_v2').$type<ModeConfig>(),
  sdkConfig: jsonb('sdk_config_v2').$type<ModeConfig>(),
  /** SHA-256 of the staff API token; the token itself is never stored. */
  apiTokenHash: text('api_token_hash'),
  /** What the partner decides about after-booking behaviour (packages/domain/src/partner-profile.ts). */
  profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
  /** Partner sites allowed to embed the widget (scheme://host[:port]). */
  domains: jsonb('domains').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ClientRow = typeof clients.$inferSelect;
export type NewClientRow = typeof clients.$inferInsert;

/** Which named seeds have run on this database, so each runs once and never re-adds deleted rows. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a nurse must be able to do for an item, and what a sector is covered for. */
export type ServiceSkill = 'lab' | 'vaccine' | 'medical_service';

/**
 * A coverage sector: a polygon (GeoJSON Polygon coordinates, rings of [lng, lat]) where a sales
 * source serves the listed kinds of service. An address is covered when its point falls inside.
 */
export const sectors = pgTable(
  'sectors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    salesSource: text('sales_source').notNull(),
    country: text('country', { enum: ['cl', 'mx'] }).notNull(),
    services: jsonb('services').$type<ServiceSkill[]>().notNull(),
    polygon: jsonb('polygon').$type<[number, number][][]>().notNull(),
    timeZone: text('time_zone').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (table) => [index('sectors_source_country_idx').on(table.salesSource, table.country)],
);

/**
 * Catalogue items and packs. Ids are explicit so links such as
 * `?services=1,2` stay stable. `resourcetype` is null for a pack. The base price is the
 * country-wide one; item_prices holds the prices that differ by sales source or commune.
 */
export const catalogueItems = pgTable(
  'catalogue_items',
  {
    id: integer('id').primaryKey(),
    resourcetype: text('resourcetype', { enum: ['Panel', 'Measure', 'MedicalService'] }),
    name: text('name').notNull(),
    shortName: text('short_name'),
    displayName: text('display_name'),
    description: text('description'),
    slug: text('slug').notNull(),
    category: text('category').notNull(),
    country: text('country', { enum: ['cl', 'mx'] }).notNull(),
    active: boolean('active').notNull().default(true),
    price: integer('price'),
    isPromotion: boolean('is_promotion').notNull().default(false),
    promotionPrice: integer('promotion_price'),
    stackable: boolean('stackable').notNull().default(false),
    fastHours: integer('fast_hours'),
    resultsHours: integer('results_hours'),
    resultsOnBusinessDays: boolean('results_on_business_days').notNull().default(false),
    cmsSlug: text('cms_slug'),
    allowsFonasa: boolean('allows_fonasa').notNull().default(false),
    fonasaPrice: integer('fonasa_price'),
    fonasaCopayment: integer('fonasa_copayment'),
    serviceFee: integer('service_fee').notNull().default(0),
    fonasaServiceFee: integer('fonasa_service_fee').notNull().default(0),
    image: text('image'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    allowsMoreItemsInCart: boolean('allows_more_items_in_cart').notNull().default(true),
    isFamiliar: boolean('is_familiar').notNull().default(false),
    numberOfPatients: integer('number_of_patients'),
    skill: text('skill', { enum: ['lab', 'vaccine', 'medical_service'] })
      .notNull()
      .default('lab'),
    /** Doses or units left; null is unlimited. Decremented atomically at confirmation. */
    stock: integer('stock'),
    /** Lower-cased, accent-free name, short name, tags and category: what search matches. */
    searchText: text('search_text').notNull().default(''),
  },
  (table) => [
    uniqueIndex('catalogue_items_country_slug_idx').on(table.country, table.slug),
    index('catalogue_items_country_active_idx').on(table.country, table.active),
  ],
);

/** The items a pack (or panel) includes: its sub-items. */
export const packItems = pgTable(
  'pack_items',
  {
    packId: integer('pack_id')
      .notNull()
      .references(() => catalogueItems.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => catalogueItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.packId, table.itemId] })],
);

/** A price that differs from the base one for a sales source, a commune, or both. */
export const itemPrices = pgTable(
  'item_prices',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => catalogueItems.id, { onDelete: 'cascade' }),
    salesSource: text('sales_source'),
    commune: text('commune'),
    price: integer('price').notNull(),
    promotionPrice: integer('promotion_price'),
  },
  (table) => [
    unique('item_prices_item_source_commune_key')
      .on(table.itemId, table.salesSource, table.commune)
      .nullsNotDistinct(),
  ],
);

/**
 * Coupons: a percentage or an amount off (exactly one of the two), valid in a window, for a number
 * of uses, maybe only for some sales sources, a country or items, maybe once per person.
 */
export const coupons = pgTable(
  'coupons',
  {
    code: text('code').primaryKey(),
    discountPercent: integer('discount_percent'),
    /** Whole units of the country's currency off the items it applies to (never past their sum). */
    discountAmount: integer('discount_amount'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUses: integer('max_uses'),
    usesCount: integer('uses_count').notNull().default(0),
    /** The sales sources (partners' ids) it is for; null or empty: every source. */
    salesSources: jsonb('sales_sources').$type<string[]>(),
    country: text('country', { enum: ['cl', 'mx'] }),
    itemIds: jsonb('item_ids').$type<number[]>(),
    /** Each person (a patient's document) may use it once, whatever the appointment. */
    oncePerPerson: boolean('once_per_person').notNull().default(false),
    active: boolean('active').notNull().default(true),
  },
  () => [
    check(
      'coupons_discount_check',
      sql`(discount_percent is null) <> (discount_amount is null) and (discount_percent is null or discount_percent between 1 and 100) and (discount_amount is null or discount_amount > 0)`,
    ),
  ],
);

/** One use per confirmed appointment: counting uses can never exceed the limit or double-count. */
export const couponUses = pgTable(
  'coupon_uses',
  {
    couponCode: text('coupon_code')
      .notNull()
      .references(() => coupons.code),
    appointmentId: uuid('appointment_id').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('coupon_uses_appointment_idx').on(table.appointmentId),
    index('coupon_uses_coupon_idx').on(table.couponCode, table.usedAt),
  ],
);

/**
 * The people (each patient's document, folded) who used a once-per-person coupon: the unique key
 * refuses a second use by the same person, whichever appointment, even at the same instant.
 */
export const couponUsePeople = pgTable(
  'coupon_use_people',
  {
    couponCode: text('coupon_code')
      .notNull()
      .references(() => coupons.code),
    person: text('person').notNull(),
    appointmentId: uuid('appointment_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.couponCode, table.person] })],
);

/** The referral code auto-applied for a partner (GET /referrals/alliance/). */
export const referralCodes = pgTable('referral_codes', {
  salesSource: text('sales_source').primaryKey(),
  referralCode: text('referral_code').notNull(),
});

/**
 * A sales source's own stock of an item (doses or units left), counted apart from the item's
 * shared stock: a source with a row here takes from it, every other source from the item's.
 */
export const catalogueStock = pgTable(
  'catalogue_stock',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => catalogueItems.id, { onDelete: 'cascade' }),
    salesSource: text('sales_source').notNull(),
    stock: integer('stock').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.itemId, table.salesSource] }),
    check('catalogue_stock_not_negative', sql`${table.stock} >= 0`),
  ],
);

/** A sales source's operative switch; with stockItemId, it also turns inactive when stock runs out. */
export const operativeStatus = pgTable('operative_status', {
  salesSource: text('sales_source').primaryKey(),
  active: boolean('active').notNull().default(true),
  reason: text('reason'),
  stockItemId: integer('stock_item_id').references(() => catalogueItems.id),
});

export type AppointmentStatusValue = 'pending' | 'scheduled' | 'confirmed' | 'cancelled' | 'expired';

/** The appointment's cart (jsonb), parsed on every read: see parseStoredCart. */
/**
 * What a booking costs, frozen when money starts to move (a card payment claimed) or at the latest
 * when it is confirmed (docs/decisions/money-ledger.md). Never changed once the booking is
 * confirmed: a later price, coupon or catalogue change does not reach it. `cart_hash` is the
 * md5 of the patients' jsonb as quoted (set by the database), so a confirmation proves it
 * confirms the cart that was quoted without the quote repeating the patients' data.
 */
export interface FrozenQuote {
  v: 1;
  frozen_at: string;
  cart_hash?: string;
  coupon_code: string | null;
  currency: 'CLP' | 'MXN';
  /** Each patient's items and packs at the price they were quoted. */
  lines: { patient_index: number; item_id: number; name: string; price: number }[];
  /** The whole cart's quote (CartPriceAnswer's fields). */
  price: {
    base_price: number;
    service_fee: number;
    discount: number;
    net_price: number;
    fonasa_discount: number;
    payment_at_home: number;
  };
  /** Who owes what: online (the card), at the address, the company; they add up to total (net_price). */
  due: { total: number; online: number; at_address: number; company: number };
}

const storedCart = customType<{ data: StoredCartPatient[]; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => parseStoredCart(typeof value === 'string' ? JSON.parse(value) : value),
});

/**
 * An appointment. Ids are random UUIDs and every later call presents the appointment token,
 * whose SHA-256 is stored here (the token itself never is).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: ['pending', 'scheduled', 'confirmed', 'cancelled', 'expired'] })
      .notNull()
      .default('pending'),
    clientId: text('client_id').references(() => clients.id),
    salesSource: text('sales_source').notNull(),
    country: text('country', { enum: ['cl', 'mx'] }).notNull(),
    region: text('region').notNull(),
    comuna: text('comuna').notNull(),
    colony: text('colony'),
    addressLine1: text('address_line_1').notNull(),
    targetAddress: text('target_address').notNull(),
    targetStreetNumber: text('target_street_number').notNull(),
    targetResidenceType: text('target_residence_type', { enum: ['house', 'apartment', 'unknown'] })
      .notNull()
      .default('house'),
    targetLat: doublePrecision('target_lat').notNull(),
    targetLng: doublePrecision('target_lng').notNull(),
    targetApartmentNumber: text('target_apartment_number'),
    targetAddressAdditionalInfo: text('target_address_additional_info'),
    zipCode: text('zip_code'),
    placeId: text('place_id'),
    sectorId: integer('sector_id').references(() => sectors.id),
    lastMile: jsonb('last_mile').$type<{ folio: string | null; amount: number | null }>(),
    sectionOrigin: text('section_origin'),
    clientOrigin: text('client_origin'),
    receiverId: text('receiver_id'),
    referralCode: text('referral_code'),
    couponCode: text('coupon_code'),
    fingerprintRequired: boolean('fingerprint_required').notNull().default(false),
    /** The cart as last quoted or finalised: patients with their items and packs. */
    patients: storedCart('patients').notNull().default([]),
    /** Set by finalise: the access token of the account that booked (its hash), and when. */
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    paymentMethod: text('payment_method'),
    paymentGateway: text('payment_gateway'),
    /**
     * 'Payment Successful' (a charge succeeded, or the partner's staff recorded it), 'Payment
     * Pending' (nothing charged yet) or 'Company Billed' (the company owes the whole visit).
     */
    paymentStatus: text('payment_status'),
    /** Company pays: {client_exams_to_pay, patient_exams_to_pay, amounts}. */
    splitPayment: jsonb('split_payment').$type<Record<string, unknown>>(),
    /** The amount step: {subtotal, discount, iva, total}. */
    amounts: jsonb('amounts').$type<{ subtotal: number; discount: number; iva: number; total: number }>(),
    /** The frozen quote (FrozenQuote): set when a card payment is claimed, or at confirmation. */
    quote: jsonb('quote').$type<FrozenQuote>(),
    /**
     * Bumped by every change a person makes to the booking after it is confirmed (move, reschedule,
     * cancel, outcome): a change made from an older version answers 409 instead of overwriting.
     */
    version: integer('version').notNull().default(0),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * The block a confirmed visit had when it was cancelled: its visit row is deleted to free the
     * nurse, and the booking still says which visit it was.
     */
    cancelledBlockStart: timestamp('cancelled_block_start', { withTimezone: true }),
    cancelledBlockEnd: timestamp('cancelled_block_end', { withTimezone: true }),
    /**
     * The network a public caller held the block from (an IPv4 address, an IPv6 /64): what bounds
     * the live holds one address may keep. Null for staff holds and before a hold.
     */
    heldFrom: text('held_from'),
    /**
     * The widget's browser key the block was held with ('' for none): the live holds and unpaid
     * confirmations are bounded per browser at an address, and per address above that.
     */
    heldBy: text('held_by'),
    /**
     * The visit's last word from the field, recorded in the console once its block has begun:
     * done, or nobody was there (a no-show). Null until then; it may be corrected.
     */
    visitOutcome: text('visit_outcome', { enum: ['done', 'no_show'] }),
    visitOutcomeAt: timestamp('visit_outcome_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('appointments_client_idx').on(table.clientId, table.createdAt),
    // The console's search pages through appointments newest first, by (created_at, id).
    index('appointments_created_idx').on(table.createdAt, table.id),
    index('appointments_held_from_idx')
      .on(table.heldFrom)
      .where(sql`${table.heldFrom} is not null and ${table.status} = 'scheduled'`),
    // The visits an address confirmed, by when: its unpaid confirmations of the last day.
    index('appointments_held_from_confirmed_idx')
      .on(table.heldFrom, table.confirmedAt)
      .where(sql`${table.heldFrom} is not null and ${table.status} = 'confirmed'`),
  ],
);

/** A prebuilt cart a partner links to (?cart-maker=id): its appointment, coupon and items per patient. */
export const cartMakers = pgTable('cart_makers', {
  id: text('id').primaryKey(),
  appointmentId: uuid('appointment_id').references(() => appointments.id),
  discountCode: text('discount_code'),
  patients: jsonb('patients')
    .$type<Array<{ items: Array<{ id: number }>; packs: Array<{ id: number }> }>>()
    .notNull(),
});

/** Patients a staff client keeps (GET/POST /alliances/clients/{clientId}/patients/). */
export const clientPatients = pgTable(
  'client_patients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    firstName: text('first_name').notNull(),
    secondName: text('second_name'),
    lastName: text('last_name').notNull(),
    secondLastName: text('second_last_name'),
    dateOfBirth: text('date_of_birth'),
    gender: text('gender'),
    documentType: text('document_type').notNull(),
    documentNumber: text('document_number').notNull(),
    email: text('email'),
    phone: text('phone'),
    /** Lower-cased, accent-free names, document and e-mail: what the staff search matches. */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('client_patients_document_idx').on(table.clientId, table.documentType, table.documentNumber),
  ],
);

/** A nurse (or specialist): what they can do, and whether they take visits. */
export const nurses = pgTable('nurses', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  skills: jsonb('skills').$type<ServiceSkill[]>().notNull(),
  active: boolean('active').notNull().default(true),
  /** How the coordinators reach her, and her identity document (RUT in Chile). */
  document: text('document'),
  phone: text('phone'),
  email: text('email'),
});

/** The sectors a nurse serves. */
export const nurseSectors = pgTable(
  'nurse_sectors',
  {
    nurseId: integer('nurse_id')
      .notNull()
      .references(() => nurses.id, { onDelete: 'cascade' }),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.nurseId, table.sectorId] }),
    index('nurse_sectors_sector_idx').on(table.sectorId),
  ],
);

/**
 * A weekly shift in a time zone's wall-clock time: weekday (ISO, 1 = Monday … 7 = Sunday) from
 * startsAt to endsAt ('HH:MM'). Blocks are the one-hour arrival windows inside it, computed per
 * date in that zone, so daylight-saving changes neither shift nor duplicate them.
 */
export const nurseShifts = pgTable(
  'nurse_shifts',
  {
    id: serial('id').primaryKey(),
    nurseId: integer('nurse_id')
      .notNull()
      .references(() => nurses.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startsAt: text('starts_at').notNull(),
    endsAt: text('ends_at').notNull(),
    timeZone: text('time_zone').notNull(),
  },
  (table) => [index('nurse_shifts_nurse_idx').on(table.nurseId)],
);

/** A day a nurse does not work (a local date in the shift's zone). */
export const nurseDaysOff = pgTable(
  'nurse_days_off',
  {
    nurseId: integer('nurse_id')
      .notNull()
      .references(() => nurses.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
  },
  (table) => [primaryKey({ columns: [table.nurseId, table.day] })],
);

/**
 * An extra shift on one local date, beside the weekly ones: from startsAt to endsAt ('HH:MM') in
 * the time zone, with its blocks computed like a weekly shift's on that date.
 */
export const nurseExtraShifts = pgTable(
  'nurse_extra_shifts',
  {
    id: serial('id').primaryKey(),
    nurseId: integer('nurse_id')
      .notNull()
      .references(() => nurses.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    startsAt: text('starts_at').notNull(),
    endsAt: text('ends_at').notNull(),
    timeZone: text('time_zone').notNull(),
  },
  (table) => [index('nurse_extra_shifts_nurse_day_idx').on(table.nurseId, table.day)],
);

/**
 * A nurse's visit in a block: a hold (status 'hold', expiresAt set, 20 minutes) or a confirmed
 * visit. THE invariant, one visit per nurse per block, is the unique index below, enforced by
 * the database on PGlite and PostgreSQL alike; an expired hold is deleted before its block is
 * taken again. One block per appointment.
 */
export const visits = pgTable(
  'visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    nurseId: integer('nurse_id')
      .notNull()
      .references(() => nurses.id),
    blockStart: timestamp('block_start', { withTimezone: true }).notNull(),
    blockEnd: timestamp('block_end', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['hold', 'confirmed'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * When the reminders pass looked at this confirmed visit (and wrote its reminder, if it has
     * anyone to tell): never looked at again. A visit moved to another block is a new row.
     */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The console's day search, kept by triggers (migration 0019), never written by the app: the
     * block's day on its sector's wall clock (else its country's), and its appointment's
     * created_at, so one day's visits are read newest booking first from one index.
     */
    localDay: date('local_day', { mode: 'string' }),
    /**
     * A coordinator chose to keep this visit with its nurse although her roster no longer offers
     * the block (a day off, a shorter shift): the roster guard (migration 0020) lets it be.
     */
    keptOffRoster: boolean('kept_off_roster').notNull().default(false),
    appointmentCreatedAt: timestamp('appointment_created_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('visits_nurse_block_idx').on(table.nurseId, table.blockStart),
    index('visits_local_day_idx').on(table.localDay, table.appointmentCreatedAt, table.appointmentId),
    uniqueIndex('visits_appointment_idx').on(table.appointmentId),
    index('visits_block_idx').on(table.blockStart),
    // A block's holds alone: every hold deletes the block's lapsed ones, and a block start is
    // shared by the visits of every sector (thousands of confirmed visits to skip otherwise).
    index('visits_holds_by_block_idx')
      .on(table.blockStart)
      .where(sql`${table.status} = 'hold'`),
  ],
);

/**
 * How many visits (confirmed, or holds until the sweep deletes them) each sector has per block,
 * split by the skills of the nurses who have them: what availability reads instead of the month's
 * visits, a few hundred rows per sector. Kept by database triggers on visits, nurses and
 * nurse_sectors (migration 0008), in the same transactions that hold, confirm, free and move
 * visits, so it cannot drift from them; less block_load_freed, it is the count. An unswept
 * expired hold keeps its count: the number may be high, never low, and a block whose count is
 * not below its nurses on shift is checked nurse by nurse.
 */
export const blockLoad = pgTable(
  'block_load',
  {
    // No foreign key (migration 0011): checking it cost a hold more than the count itself. A
    // sector deleted takes its nurse_sectors rows along, and their trigger recounts it to nothing.
    sectorId: integer('sector_id').notNull(),
    blockStart: timestamp('block_start', { withTimezone: true }).notNull(),
    /** The nurses' skills, as nurses.skills holds them. */
    skills: jsonb('skills').$type<ServiceSkill[]>().notNull(),
    visits: integer('visits').notNull(),
  },
  // The key's index also carries the count (INCLUDE (visits), migration 0011): availability's
  // read of a sector's month is index-only.
  (table) => [primaryKey({ columns: [table.sectorId, table.blockStart, table.skills] })],
);

/**
 * Visits freed (a hold replaced, lapsed and swept, a cancellation), written beside block_load
 * rather than into it: a transaction that frees one block and takes another then locks counts of
 * one block only, so two people swapping blocks never deadlock. Availability subtracts these; a
 * compaction every few seconds folds them into block_load.
 */
export const blockLoadFreed = pgTable(
  'block_load_freed',
  {
    // No foreign key (migration 0011): checking it cost a hold more than the count itself. A
    // sector deleted takes its nurse_sectors rows along, and their trigger recounts it to nothing.
    sectorId: integer('sector_id').notNull(),
    blockStart: timestamp('block_start', { withTimezone: true }).notNull(),
    skills: jsonb('skills').$type<ServiceSkill[]>().notNull(),
    visits: integer('visits').notNull(),
  },
  (table) => [index('block_load_freed_sector_idx').on(table.sectorId, table.blockStart)],
);

/**
 * A patient account (POST /users/register_wo_password/): registered without a password, found by
 * its identifier (the RUT for Chile; for Mexico the document, else a generated
 * one). Only the access token's hash is kept.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    secondName: text('second_name'),
    lastName: text('last_name').notNull(),
    secondLastName: text('second_last_name'),
    dateOfBirth: date('date_of_birth').notNull(),
    gender: text('gender').notNull(),
    documentType: text('document_type').notNull(),
    documentNumber: text('document_number').notNull(),
    country: text('country', { enum: ['cl', 'mx'] }).notNull(),
    phone: text('phone').notNull(),
    locale: text('locale').notNull(),
    scopes: text('scopes').notNull(),
    acquisitionSource: text('acquisition_source'),
    accessTokenHash: text('access_token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_identifier_idx').on(table.identifier),
    uniqueIndex('users_email_idx').on(table.email),
  ],
);

/** Affiliates of the compensation fund (GET /v2/caja-los-andes/rut-status/), by normalised RUT. */
export const fundAffiliates = pgTable('fund_affiliates', {
  rut: text('rut').primaryKey(),
  salesSource: text('sales_source').notNull(),
});

/**
 * Once-per-patient items (the fund's influenza vaccine): one row per patient identifier, item and
 * sales source. The primary key is what stops two appointments finalised at the same instant from
 * both giving the same patient the item; the row goes when its appointment is cancelled or expires.
 */
export const patientItemClaims = pgTable(
  'patient_item_claims',
  {
    identifier: text('identifier').notNull(),
    itemSlug: text('item_slug').notNull(),
    salesSource: text('sales_source').notNull(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.identifier, table.itemSlug, table.salesSource] }),
    index('patient_item_claims_appointment_idx').on(table.appointmentId),
  ],
);

/**
 * A card token of the sandbox gateway (POST /v2/sandbox/card-tokens/). Only what a receipt shows
 * is kept: brand, last four, expiry and the test outcome the cardholder name chose; never the
 * number or the security code. A token pays once.
 */
export const cardTokens = pgTable('card_tokens', {
  id: text('id').primaryKey(),
  brand: text('brand').notNull(),
  lastFour: text('last_four').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** MercadoPago test-card convention: APRO, CONT, CALL, FUND, SECU, EXPI, FORM, OTHE. */
  outcome: text('outcome').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A payment attempt on an appointment. (appointment, idempotency key) is unique, so a retried or
 * double-submitted attempt is answered from its first row instead of charging again; at most one
 * approved payment per appointment (partial unique index).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    gateway: text('gateway').notNull(),
    method: text('method').notNull(),
    gatewayPaymentId: text('gateway_payment_id'),
    /**
     * processing: claimed, the gateway being called (reconciled after its lease); pending: the
     * gateway's review; approved; rejected; cash: to collect at the address; company_billed: owed
     * by the patient's company (split payment), never a charge; refunded; company_paid: the
     * company's part collected from it; written_off: what was owed given up, with the reason
     * (both recorded in the console, docs/decisions/console-money-queue.md).
     */
    status: text('status', {
      enum: [
        'processing',
        'approved',
        'pending',
        'rejected',
        'cash',
        'refunded',
        'company_billed',
        'company_paid',
        'written_off',
      ],
    }).notNull(),
    statusDetail: text('status_detail'),
    amount: doublePrecision('amount').notNull(),
    currency: text('currency', { enum: ['CLP', 'MXN'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_attempt_idx').on(table.appointmentId, table.idempotencyKey),
    uniqueIndex('payments_one_approved_idx')
      .on(table.appointmentId)
      .where(sql`${table.status} in ('approved', 'cash') and ${table.gateway} <> 'console'`),
    // What the reconciliation reads: the payments still open, oldest first.
    index('payments_open_idx')
      .on(table.updatedAt)
      .where(sql`${table.status} in ('processing', 'pending')`),
  ],
);

/**
 * A split-payment company's employees (its roster, loaded by an operator): only a listed person
 * may have exams put on the company. The document as the patient form stores it (a RUT formatted).
 */
export const companyEmployees = pgTable(
  'company_employees',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    document: text('document').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.document] })],
);

/**
 * What the sandbox gateway charged, by external reference (one per payment attempt): it answers
 * the reconciliation's question as MercadoPago's payment search does.
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  id: text('id').primaryKey(),
  externalReference: text('external_reference').notNull().unique(),
  status: text('status', { enum: ['approved', 'in_process', 'rejected'] }).notNull(),
  statusDetail: text('status_detail').notNull(),
  amount: doublePrecision('amount').notNull(),
  refunded: boolean('refunded').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A medical order sent instead of a booking (POST /orden-medica/create-ticket/): the lead
 * as sent, and the files stored through the STORAGE adapter. Operators list these.
 */
export const medicalOrders = pgTable(
  'medical_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupedOrdenMedicaId: text('grouped_orden_medica_id').notNull(),
    clientId: text('client_id').references(() => clients.id),
    salesSource: text('sales_source').notNull(),
    country: text('country', { enum: ['cl', 'mx'] }).notNull(),
    path: text('path'),
    sectorId: integer('sector_id').references(() => sectors.id),
    lead: jsonb('lead').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['new', 'contacted', 'quoted', 'booked', 'closed'] })
      .notNull()
      .default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The console's lead: when and by whom ('Name (e-mail)') its status last changed. */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    statusChangedBy: text('status_changed_by'),
    /** The cart sent to the person from the console (its link books appointment_id). */
    cartMakerId: text('cart_maker_id').references(() => cartMakers.id),
    /** The appointment booked through that cart: set with status 'booked' when it is confirmed. */
    appointmentId: uuid('appointment_id').references(() => appointments.id),
  },
  (table) => [
    uniqueIndex('medical_orders_grouped_idx').on(table.groupedOrdenMedicaId),
    index('medical_orders_created_idx').on(table.createdAt),
    index('medical_orders_cart_maker_idx').on(table.cartMakerId),
  ],
);

/**
 * A lead's internal notes (a medical order in the console), as console_notes keeps an
 * appointment's: the author as written, operator_id without a foreign key.
 */
export const leadNotes = pgTable(
  'lead_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    medicalOrderId: uuid('medical_order_id')
      .notNull()
      .references(() => medicalOrders.id, { onDelete: 'cascade' }),
    operatorId: uuid('operator_id').notNull(),
    author: text('author').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('lead_notes_order_idx').on(table.medicalOrderId, table.createdAt)],
);

export const medicalOrderFiles = pgTable('medical_order_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  medicalOrderId: uuid('medical_order_id')
    .notNull()
    .references(() => medicalOrders.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull(),
  contentType: text('content_type', { enum: ['application/pdf', 'image/jpeg', 'image/png'] }).notNull(),
  size: integer('size').notNull(),
  originalName: text('original_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Work owed to the outside world after a change (an e-mail, a partner's webhook), written in the
 * same transaction as the change so it is never lost nor sent for a change that rolled back. One
 * row per destination. Workers in every instance claim due rows with FOR UPDATE SKIP LOCKED and
 * a lease (`locked_until`), so two never hold the same row, and a worker killed mid-delivery
 * only delays it until the lease lapses: delivery is at least once.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** appointment.confirmed, appointment.cancelled, appointment.rescheduled, appointment.reminder, medical_order.received */
    topic: text('topic').notNull(),
    channel: text('channel', { enum: ['email', 'webhook', 'refund'] }).notNull(),
    clientId: text('client_id'),
    appointmentId: uuid('appointment_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Set for events that must exist once (a reminder per visit): a second insert does nothing. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Given up after the retry window: listed for the operator, never retried by itself. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('outbox_events_dedupe_idx').on(table.dedupeKey),
    index('outbox_events_due_idx')
      .on(table.availableAt)
      .where(sql`${table.deliveredAt} is null and ${table.failedAt} is null`),
  ],
);
export type OutboxEventRow = typeof outboxEvents.$inferSelect;
export type NewOutboxEventRow = typeof outboxEvents.$inferInsert;

/**
 * The links sent to a person to manage their booking (`?appointment=<id>&token=<token>`): each
 * e-mail carries a token of its own, kept here only as its SHA-256, that opens the appointment as
 * its creation token does. A link stops working once the visit is over or the booking cancelled.
 */
export const appointmentLinks = pgTable(
  'appointment_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('appointment_links_appointment_idx').on(table.appointmentId)],
);

/**
 * Every change an operator makes to a partner (admin API or CLI): who, when, what, and the
 * document before and after, with its secrets masked. Append-only.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** 'operator:<first 12 hex of the token's SHA-256>' or 'cli:<user>', with X-Operator's name when given. */
    actor: text('actor').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    /**
     * Whose data it is, for a partner's view of its own trail: the partner changed, or the partner
     * of the appointment changed; null for what belongs to no partner (an operator account).
     */
    partnerId: text('partner_id'),
    /** What was changed: 'partner', 'appointment', 'operator', 'nurse', 'payment', 'lead'. */
    entityType: text('entity_type').notNull().default('partner'),
    entityId: text('entity_id'),
    /** The console operator who made it; null for the admin token and the command line. */
    operatorId: uuid('operator_id'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
  },
  (table) => [
    index('audit_log_partner_idx').on(table.partnerId, table.at),
    index('audit_log_entity_idx').on(table.entityType, table.entityId, table.at),
  ],
);
export type AuditLogRow = typeof auditLog.$inferSelect;

/**
 * The per-address and per-appointment limits' counters, shared by every instance on the database
 * (plugins/app/rate-limit-store.ts): one row per counted key, its window starting at the key's
 * first hit (as @fastify/rate-limit's own store does), its hits raised atomically by
 * `insert … on conflict do update`. Rows whose window has ended are swept.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  /**
   * What is counted (`address` or `appointment`), the route (method and URL) and whose (address or
   * appointment id); for a route's own `config.rateLimit` (orders' uploads), the route and address.
   */
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/**
 * The people who run the service, signed in to the operations console (apps/console). Their
 * e-mail is stored lower-cased; the password as an argon2id PHC string. A `partner` operator sees
 * one partner's data, which `client_id` names (and only theirs names one).
 */
export const operators = pgTable(
  'operators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    role: text('role', { enum: CONSOLE_ROLES }).notNull(),
    clientId: text('client_id').references(() => clients.id),
    passwordHash: text('password_hash').notNull(),
    /** Set for a one-time password (created or reset by an admin): the next sign-in changes it. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    active: boolean('active').notNull().default(true),
    /** Failed sign-ins since the last good one; five lock the account for a while. */
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('operators_partner_has_client', sql`(role = 'partner') = (client_id is not null)`)],
);
export type OperatorRow = typeof operators.$inferSelect;

/**
 * An operator's TOTP second factor: the secret encrypted with the console's key, confirmed once
 * the operator typed a first code, and the last time step accepted (a code is never taken twice).
 */
export const operatorTotp = pgTable('operator_totp', {
  operatorId: uuid('operator_id')
    .primaryKey()
    .references(() => operators.id, { onDelete: 'cascade' }),
  secretEnc: text('secret_enc').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
});

/**
 * A signed-in browser. The cookie holds a random token; only its SHA-256 is stored. `stage` is
 * how far the sign-in went: a session waiting for its second factor, its new password or its TOTP
 * enrolment may do only that.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: ['mfa_pending', 'password_change', 'totp_enrol', 'active'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The client's address as rate limits see it (an IPv6 by its /64), and its browser, for the list. */
    address: text('address'),
    userAgent: text('user_agent'),
    totpFailures: smallint('totp_failures').notNull().default(0),
  },
  (table) => [index('operator_sessions_operator_idx').on(table.operatorId)],
);
export type OperatorSessionRow = typeof operatorSessions.$inferSelect;

/** Every sign-in attempt, kept 30 days: the lock-out counts them; the e-mail only as a hash. */
export const operatorLoginAttempts = pgTable(
  'operator_login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    emailHash: text('email_hash').notNull(),
    operatorId: uuid('operator_id'),
    address: text('address'),
    outcome: text('outcome', {
      enum: ['ok', 'bad_password', 'unknown_email', 'locked', 'bad_totp', 'inactive'],
    }).notNull(),
  },
  (table) => [
    index('operator_login_attempts_operator_idx').on(table.operatorId, table.at),
    index('operator_login_attempts_at_idx').on(table.at),
  ],
);

/** A password reset link: its token's hash, valid 30 minutes, used once. */
export const operatorPasswordResets = pgTable('operator_password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  operatorId: uuid('operator_id')
    .notNull()
    .references(() => operators.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Keys the API makes once and every instance shares (the console's secret when none is configured). */
export const consoleKeys = pgTable('console_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/**
 * What the console's appointment search matches, one row per word of an appointment's patients:
 * each name word folded as ../search-text.ts folds (lower-case, accents removed, 'ñ' as 'n'), the
 * document without dots or dash, the e-mail lower-cased, the phone's digits (and its last 10, 9
 * and 8, for a number typed without its country code), with the appointment's created_at so the
 * matches come out of the index in the search's order. Kept by a trigger on appointments
 * (migration 0016) whenever their patients change, so it cannot drift from them; a query's words
 * are matched as prefixes through the text_pattern_ops index.
 */
export const appointmentSearchTerms = pgTable(
  'appointment_search_terms',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    /** The appointment's: matches are put in the search's order from the index alone. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.appointmentId, table.term] }),
    index('appointment_search_terms_term_idx').on(
      table.term.op('text_pattern_ops'),
      table.appointmentId,
      table.createdAt,
    ),
  ],
);

/**
 * An appointment's internal notes, written by console operators and never shown to the patient.
 * The author's name and e-mail are kept as written (as the audit log keeps its actor), so a note
 * still says who wrote it after the operator's account changes; operator_id has no foreign key
 * for the same reason as audit_log's.
 */
export const consoleNotes = pgTable(
  'console_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    operatorId: uuid('operator_id').notNull(),
    /** 'Name <e-mail>' of the operator, as the appointment's page shows it. */
    author: text('author').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // An appointment's page lists its notes newest first.
  (table) => [index('console_notes_appointment_idx').on(table.appointmentId, table.createdAt)],
);
