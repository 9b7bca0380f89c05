import pg from 'pg';

/**
 * `count` partner clients of the marketplace (four in five Chilean, the rest Mexican), each with
 * its own widget colours, as the demo's clients are shaped (db/seed/demo-clients.ts). The
 * sdk-config scenario reads all of them; the whole booking books for the Chilean ones.
 */
export async function generateClients(
  databaseUrl: string,
  count: number,
): Promise<{ ids: string[]; chilean: string[] }> {
  const ids = Array.from({ length: count }, (_, i) => `bench-client-${String(i + 1).padStart(2, '0')}`);
  const countries = ids.map((_, i) => (i % 5 === 4 ? 'mx' : 'cl'));
  const configs = ids.map((_, i) =>
    JSON.stringify({
      availableFeatures: i % 3 === 0 ? ['self-service', 'medical-order'] : ['self-service'],
      fullPageAvailable: true,
      showBanner: i % 2 === 0,
      show_terms_and_conditions: false,
      show_non_binary_texts: false,
      show_whatsapp_sac_button: true,
      special_indications_at_om: false,
      main_color: `#${((i * 2_654_435) % 0xffffff).toString(16).padStart(6, '0')}`,
      background_logo_color: '#134E4A',
    }),
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into clients (id, name, country, sales_source, max_patients_per_appointment, sdk_config_v2)
       select id, 'Cliente de carga ' || right(id, 2), country, 'marketplace', 5, config::jsonb
       from unnest($1::text[], $2::text[], $3::text[]) as c(id, country, config)`,
      [ids, countries, configs],
    );
  } finally {
    await client.end();
  }
  return { ids, chilean: ids.filter((_, i) => countries[i] === 'cl') };
}
