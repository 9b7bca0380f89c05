import { COUNTRY_TIME_ZONES } from '@visita/domain/constants';
import { type SQL, sql } from 'drizzle-orm';

/**
 * A country code column's time zone, in SQL, from the one table in the domain (migration 0019's
 * visit_local_day spells the same two, and a test checks they agree).
 */
export const countryZoneSql = (country: SQL): SQL =>
  sql`case ${country} ${sql.join(
    Object.entries(COUNTRY_TIME_ZONES).map(([code, zone]) => sql`when ${code} then ${zone}`),
    sql` `,
  )} end`;
