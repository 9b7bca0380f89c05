import type { ClientStep, ModeConfig, Receiver } from '@visita/domain/contract/client-config';
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
