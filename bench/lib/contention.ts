import pg from 'pg';

export interface ContentionResult {
  requests: number;
  /** Nurses who could take the block: those serving the sector, minus visits already in it. */
  freeNurses: number;
  succeeded: number;
  refused: number;
  other: number;
  /** Holds granted equal the visits in the block, none beyond its free nurses, no nurse twice. */
  invariantKept: boolean;
}

/** An address in the demo coverage of the marketplace (Providencia), where the demo nurses work. */
const ADDRESS = {
  country: 'cl',
  region: 'Región Metropolitana de Santiago',
  comuna: 'Providencia',
  address_line_1: 'Avenida Providencia 1208',
  target_address: 'Avenida Providencia 1208, Providencia',
  target_street_number: '1208',
  target_residence_type: 'house',
  target_lat: -33.4289,
  target_lng: -70.6175,
  sales_source: 'marketplace',
  client_id: 'demo',
  section_origin: 'sdk',
};

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * Schedule under contention: `requests` appointments ask for the same block at once.
 * The database's unique index, not the application, must keep one visit per nurse per block.
 */
export async function scheduleContention(
  baseUrl: string,
  databaseUrl: string,
  { requests }: { requests: number },
): Promise<ContentionResult> {
  const appointments: Array<{ id: string; token: string }> = [];
  for (let i = 0; i < requests; i += 1) {
    appointments.push(
      await json(
        await fetch(`${baseUrl}/api/v2/appointments/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ADDRESS),
        }),
      ),
    );
  }
  const [first] = appointments;
  if (!first) throw new Error('no appointment');
  const availability = await json<{ data: Array<{ date: string; begin_time: string; end_time: string }> }>(
    await fetch(`${baseUrl}/api/v2/time-availability/?appointment_id=${first.id}&country=cl`, {
      headers: { 'x-appointment-token': first.token },
    }),
  );
  // The last offered block: far from the demo's own bookings, so every nurse on shift is free.
  const block = availability.data.at(-1);
  if (!block) throw new Error('no availability to contend for');
  const body = JSON.stringify({
    begin_date: `${block.date} ${block.begin_time}:00`,
    end_date: `${block.date} ${block.end_time}:00`,
  });

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const statuses = await Promise.all(
      appointments.map(async (appointment) => {
        const response = await fetch(`${baseUrl}/api/v2/appointments/${appointment.id}/schedule/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-appointment-token': appointment.token },
          body,
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    const succeeded = statuses.filter((status) => status === 200 || status === 201).length;
    const refused = statuses.filter((status) => status === 409).length;
    const ids = appointments.map((appointment) => appointment.id);
    const held = await client.query<{ block_start: Date; nurses: string; visits: string }>(
      `select block_start, count(distinct nurse_id) as nurses, count(*) as visits
         from visits where appointment_id = any($1::uuid[]) group by block_start`,
      [ids],
    );
    const serving = await client.query<{ count: string }>(
      `select count(distinct ns.nurse_id) as count from nurse_sectors ns
         join appointments a on a.sector_id = ns.sector_id where a.id = $1`,
      [first.id],
    );
    const row = held.rows[0];
    const blockStart = row?.block_start ?? null;
    const before = blockStart
      ? await client.query<{ count: string }>(
          `select count(*) as count from visits v
             join nurse_sectors ns on ns.nurse_id = v.nurse_id
             join appointments a on a.sector_id = ns.sector_id and a.id = $3
            where v.block_start = $1 and not (v.appointment_id = any($2::uuid[]))`,
          [blockStart, ids, first.id],
        )
      : { rows: [{ count: '0' }] };
    const freeNurses = Number(serving.rows[0]?.count ?? 0) - Number(before.rows[0]?.count ?? 0);
    const invariantKept =
      held.rows.length <= 1 &&
      Number(row?.visits ?? 0) === succeeded &&
      Number(row?.nurses ?? 0) === succeeded &&
      succeeded <= freeNurses;
    return { requests, freeNurses, succeeded, refused, other: requests - succeeded - refused, invariantKept };
  } finally {
    await client.end();
  }
}
