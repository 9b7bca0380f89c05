import type { ClientConfig } from '@visita/domain/contract/client-config';
import type { ClientRow } from '../../db/schema.ts';

/** The client as the widget reads it: spec part 1 §3, snake_case as on the wire. */
export function toClientConfig(row: ClientRow): ClientConfig {
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
  };
}
