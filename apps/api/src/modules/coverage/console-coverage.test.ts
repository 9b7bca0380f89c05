import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communePoint } from '../../adapters/geocoders/gazetteer.ts';
import { loadConfig } from '../../config.ts';
import { auditLog, nurseSectors, nurses } from '../../db/schema.ts';
import { consoleSessionFor } from '../../test-support/console-session.ts';
import { consolePagePolicy } from '../../plugins/app/security-headers.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

type Headers = Record<string, string>;
interface Sector {
  id: string;
  name: string;
  sales_source: string;
  country: string;
  time_zone: string;
  services: string[];
  polygon: [number, number][][];
  active: boolean;
  nurses: number;
  overlaps: Array<{ id: string; name: string }>;
}

// Valdivia's commune point (the gazetteer's), where no demo sector reaches.
const VALDIVIA = { lat: -39.8178, lng: -73.1751 };
/** A square ring of [lng, lat] around a point, `half` degrees each way. */
const square = (center: { lat: number; lng: number }, half: number, dx = 0): [number, number][] => {
  const [x0, x1] = [center.lng - half + dx, center.lng + half + dx];
  const [y0, y1] = [center.lat - half, center.lat + half];
  return [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
    [x0, y0],
  ];
};

describe.each(TEST_ENGINES)('the console coverage on $name', (engine) => {
  let t: TestApp;
  let coordinator: Headers;

  beforeAll(async () => {
    t = await createTestApp(engine);
    coordinator = (await consoleSessionFor(t.app, { role: 'coordinator' })).headers;
  }, 60_000);
  afterAll(() => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
    headers = coordinator,
  ) => t.app.inject({ method, url: `/api/console${url}`, headers, ...(payload ? { payload } : {}) });

  const body = (changes: Record<string, unknown> = {}) => ({
    name: 'Valdivia centro',
    sales_source: 'esencial',
    country: 'cl',
    time_zone: 'America/Santiago',
    services: ['lab', 'vaccine'],
    polygon: { type: 'Polygon', coordinates: [square(VALDIVIA, 0.05)] },
    active: true,
    ...changes,
  });

  /** What the widget's coverage check answers for a point (kept by the instance, as in production). */
  const widgetSector = async (point: { lat: number; lng: number }, source = 'esencial') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v2/sector/sector-from-coordinates/?lat=${point.lat}&lng=${point.lng}&country=cl&sales_source=${source}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { id: string; name: string } | null;
  };

  /** The widget's answer once the instance has heard of the change (the notification is asynchronous). */
  const widgetSectorSoon = async (point: { lat: number; lng: number }, expected: string | null) => {
    let answer = await widgetSector(point);
    for (let i = 0; i < 50 && (answer?.name ?? null) !== expected; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await widgetSector(point);
    }
    return answer;
  };

  it('creates a sector from GeoJSON that the widget uses at once, lists and reads it, audited', async () => {
    // The widget has looked here already: nobody covers Valdivia, and the instance keeps that.
    expect(await widgetSector(VALDIVIA)).toBeNull();
    const created = await call('POST', '/coverage/sectors', body());
    expect(created.statusCode).toBe(201);
    const sector = created.json() as Sector;
    expect(sector).toMatchObject({
      name: 'Valdivia centro',
      sales_source: 'esencial',
      country: 'cl',
      time_zone: 'America/Santiago',
      services: ['lab', 'vaccine'],
      active: true,
      nurses: 0,
      overlaps: [],
    });
    expect(sector.polygon[0]).toHaveLength(5);
    // No restart: the instance forgot the sectors it kept, and the widget finds the new one.
    expect((await widgetSectorSoon(VALDIVIA, 'Valdivia centro'))?.id).toBe(sector.id);

    const listed = await call('GET', '/coverage/sectors?sales_source=esencial&country=cl');
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { results: Sector[] }).results.map((row) => row.id)).toContain(sector.id);
    const other = await call('GET', '/coverage/sectors?sales_source=clinicaalemana');
    expect((other.json() as { results: Sector[] }).results.map((row) => row.id)).not.toContain(sector.id);
    const read = await call('GET', `/coverage/sectors/${sector.id}`);
    expect(read.json()).toEqual(sector);

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'sector'), eq(auditLog.entityId, sector.id)));
    expect(audit).toMatchObject({ action: 'sector.created', before: null });
    expect(audit?.after).toMatchObject({ name: 'Valdivia centro', sales_source: 'esencial' });
  });

  it('takes a Feature, a FeatureCollection of one and a MultiPolygon (its first polygon)', async () => {
    const ring = square({ lat: -41.47, lng: -72.94 }, 0.02);
    for (const polygon of [
      { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } },
      {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', properties: null, geometry: { type: 'Polygon', coordinates: [ring] } }],
      },
      { type: 'MultiPolygon', coordinates: [[ring], [square({ lat: 0, lng: 0 }, 1)]] },
    ]) {
      const created = await call('POST', '/coverage/sectors', body({ name: 'Puerto Montt', polygon }));
      expect(created.statusCode).toBe(201);
      expect((created.json() as Sector).polygon).toEqual([ring]);
    }
  });

  it('shows the sectors of one source that overlap, not those that only meet at a border', async () => {
    const center = { lat: -38.74, lng: -72.6 };
    const a = (
      await call(
        'POST',
        '/coverage/sectors',
        body({ name: 'Temuco A', polygon: { type: 'Polygon', coordinates: [square(center, 0.02)] } }),
      )
    ).json() as Sector;
    const b = (
      await call(
        'POST',
        '/coverage/sectors',
        body({ name: 'Temuco B', polygon: { type: 'Polygon', coordinates: [square(center, 0.02, 0.02)] } }),
      )
    ).json() as Sector;
    const c = (
      await call(
        'POST',
        '/coverage/sectors',
        body({ name: 'Temuco C', polygon: { type: 'Polygon', coordinates: [square(center, 0.02, 0.06)] } }),
      )
    ).json() as Sector;
    // Another source's sector over the same ground is no overlap of this source's.
    await call(
      'POST',
      '/coverage/sectors',
      body({
        name: 'Temuco Cruz Verde',
        sales_source: 'cruzverde',
        polygon: { type: 'Polygon', coordinates: [square(center, 0.02)] },
      }),
    );
    const read = async (id: string) =>
      ((await call('GET', `/coverage/sectors/${id}`)).json() as Sector).overlaps;
    expect(await read(a.id)).toEqual([{ id: b.id, name: 'Temuco B' }]);
    // B meets C along a border only.
    expect(await read(b.id)).toEqual([{ id: a.id, name: 'Temuco A' }]);
    expect(await read(c.id)).toEqual([]);
    const listed = (await call('GET', '/coverage/sectors?sales_source=esencial')).json() as {
      results: Sector[];
    };
    expect(listed.results.find((row) => row.id === a.id)?.overlaps).toEqual([{ id: b.id, name: 'Temuco B' }]);
  });

  it('refuses every bad value with a Spanish reason, writing nothing', async () => {
    const before = (await call('GET', '/coverage/sectors?sales_source=esencial')).json() as {
      results: Sector[];
    };
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [
        {
          polygon: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [1, 1],
                [1, 0],
                [0, 1],
                [0, 0],
              ],
            ],
          },
        },
        'sector-self-intersects',
        'El polígono se corta a sí mismo: revisa el orden de sus puntos.',
      ],
      [
        {
          polygon: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [1, 0],
                [1, 1],
                [0, 1],
              ],
            ],
          },
        },
        'invalid-request',
        'El polígono no está cerrado: su último punto debe ser igual al primero.',
      ],
      [
        {
          polygon: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [1, 0],
                [0, 0],
              ],
            ],
          },
        },
        'invalid-request',
        'Cada anillo del polígono necesita al menos 4 puntos',
      ],
      [
        {
          polygon: {
            type: 'Polygon',
            coordinates: [
              [
                [-39, -73],
                [-39, -200],
                [-38, -73],
                [-39, -73],
              ],
            ],
          },
        },
        'invalid-request',
        'Un punto está fuera de rango',
      ],
      [
        { polygon: { type: 'Point', coordinates: [0, 0] } },
        'invalid-request',
        'La geometría debe ser un polígono',
      ],
      [
        { polygon: { type: 'FeatureCollection', features: [] } },
        'invalid-request',
        'exactamente un polígono',
      ],
      [{ polygon: 'no es json' }, 'invalid-request', 'El GeoJSON no tiene una geometría'],
      [{ time_zone: 'America/Valdivia' }, 'invalid-request', 'La zona horaria no es válida'],
      [{ services: [] }, 'invalid-request', 'Elige al menos un servicio.'],
      [{ services: ['lab', 'lab'] }, 'invalid-request', 'Un servicio está repetido.'],
      [{ country: 'ar' }, 'invalid-request', "El país debe ser 'cl' o 'mx'."],
      [{ name: ' ' }, 'invalid-request', 'Escribe el nombre del sector.'],
      [{ sales_source: 'nadie' }, 'sector-unknown-source', 'Esa fuente de venta no existe'],
    ];
    for (const [changes, err, msg] of refusals) {
      const response = await call('POST', '/coverage/sectors', body({ name: 'Rechazado', ...changes }));
      expect(response.statusCode, JSON.stringify(changes)).toBe(400);
      const answer = response.json() as { err: string; msg: string };
      expect(answer.err).toBe(err);
      expect(answer.msg).toContain(msg);
    }
    const after = (await call('GET', '/coverage/sectors?sales_source=esencial')).json() as {
      results: Sector[];
    };
    expect(after.results).toHaveLength(before.results.length);
    expect((await call('GET', '/coverage/sectors/999999')).statusCode).toBe(404);
  });

  it('edits a sector, which the widget follows at once; its zone stays while nurses serve it', async () => {
    const center = { lat: -36.82, lng: -73.05 };
    const sector = (
      await call(
        'POST',
        '/coverage/sectors',
        body({ name: 'Concepción', polygon: { type: 'Polygon', coordinates: [square(center, 0.03)] } }),
      )
    ).json() as Sector;
    expect((await widgetSectorSoon(center, 'Concepción'))?.id).toBe(sector.id);
    const moved = await call(
      'PUT',
      `/coverage/sectors/${sector.id}`,
      body({
        name: 'Concepción sur',
        polygon: { type: 'Polygon', coordinates: [square(center, 0.03, 0.2)] },
      }),
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ name: 'Concepción sur' });
    // The old ground is no longer covered, the new one is: no restart.
    expect(await widgetSectorSoon(center, null)).toBeNull();
    expect((await widgetSector({ lat: center.lat, lng: center.lng + 0.2 }))?.name).toBe('Concepción sur');
    // Deactivated: the widget leaves it.
    const off = await call(
      'PUT',
      `/coverage/sectors/${sector.id}`,
      body({
        name: 'Concepción sur',
        active: false,
        polygon: { type: 'Polygon', coordinates: [square(center, 0.03, 0.2)] },
      }),
    );
    expect(off.statusCode).toBe(200);
    expect(await widgetSectorSoon({ lat: center.lat, lng: center.lng + 0.2 }, null)).toBeNull();

    const [nurse] = await t.app.db
      .insert(nurses)
      .values({ name: 'Ana Sur', skills: ['lab'] })
      .returning({ id: nurses.id });
    await t.app.db.insert(nurseSectors).values({ nurseId: nurse?.id ?? 0, sectorId: Number(sector.id) });
    const zone = await call(
      'PUT',
      `/coverage/sectors/${sector.id}`,
      body({ time_zone: 'America/Punta_Arenas' }),
    );
    expect(zone.statusCode).toBe(409);
    expect(zone.json()).toMatchObject({ err: 'sector-zone-has-nurses' });
    const audits = await t.app.db
      .select({ action: auditLog.action, before: auditLog.before })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'sector'), eq(auditLog.entityId, sector.id)));
    expect(audits.map((row) => row.action).sort()).toEqual([
      'sector.created',
      'sector.updated',
      'sector.updated',
    ]);
    expect(audits.some((row) => (row.before as { name?: string } | null)?.name === 'Concepción')).toBe(true);
  });

  it('tests an address as the widget would: its sector and active nurses', async () => {
    const center = communePoint('cl', 'Quilpué') ?? { lat: 0, lng: 0 };
    const sector = (
      await call(
        'POST',
        '/coverage/sectors',
        body({ name: 'Quilpué', polygon: { type: 'Polygon', coordinates: [square(center, 0.05)] } }),
      )
    ).json() as Sector;
    const [ana, eva] = await t.app.db
      .insert(nurses)
      .values([
        { name: 'Ana Quilpué', skills: ['lab', 'vaccine'] },
        { name: 'Eva Quilpué', skills: ['lab'], active: false },
      ])
      .returning({ id: nurses.id });
    await t.app.db.insert(nurseSectors).values([
      { nurseId: ana?.id ?? 0, sectorId: Number(sector.id) },
      { nurseId: eva?.id ?? 0, sectorId: Number(sector.id) },
    ]);
    const byAddress = await call(
      'GET',
      `/coverage/lookup?sales_source=esencial&country=cl&address=${encodeURIComponent('Los Carrera 100, Quilpué')}`,
    );
    expect(byAddress.statusCode).toBe(200);
    const answer = byAddress.json() as {
      point: { lat: number; lng: number };
      commune: string;
      sector: { id: string };
      nurses: Array<{ name: string }>;
    };
    expect(answer.commune).toBe('Quilpué');
    expect(answer.sector).toEqual({ id: sector.id, name: 'Quilpué', sales_source: 'esencial' });
    expect(answer.nurses).toEqual([{ id: String(ana?.id), name: 'Ana Quilpué', skills: ['lab', 'vaccine'] }]);
    // Valdivia by point; then the marketplace covers Santiago for a source with no sector there.
    const byPoint = await call(
      'GET',
      `/coverage/lookup?sales_source=esencial&country=cl&lat=${center.lat}&lng=${center.lng}`,
    );
    expect((byPoint.json() as { sector: { id: string } }).sector.id).toBe(sector.id);
    const santiago = await call(
      'GET',
      `/coverage/lookup?sales_source=redsalud&country=cl&address=${encodeURIComponent('Providencia 1000, Providencia')}`,
    );
    expect((santiago.json() as { sector: { sales_source: string } | null }).sector?.sales_source).toBe(
      'marketplace',
    );
    const nowhere = await call('GET', `/coverage/lookup?sales_source=esencial&country=cl&lat=-20&lng=-70`);
    expect(nowhere.json()).toMatchObject({ sector: null, nurses: [] });
    const bad = await call('GET', '/coverage/lookup?sales_source=esencial&country=cl');
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { msg: string }).msg).toBe(
      'address: Escribe una dirección, o una latitud y una longitud.',
    );
  });

  it('lists the sources and the gazetteer places for the map; other roles may not', async () => {
    const options = await call('GET', '/coverage/options');
    expect((options.json() as { sales_sources: string[] }).sales_sources).toContain('marketplace');
    // No tiles unless CONSOLE_MAP_TILE_URL names them: the map's background is plain.
    expect(options.json()).toMatchObject({ tile_url: null, tile_attribution: null });
    const places = (await call('GET', '/coverage/places?country=cl')).json() as {
      results: Array<{ name: string }>;
    };
    expect(places.results.map((place) => place.name)).toContain('Valdivia');
    const finance = (await consoleSessionFor(t.app, { role: 'finance' })).headers;
    expect((await call('GET', '/coverage/sectors', undefined, finance)).statusCode).toBe(403);
    expect((await call('POST', '/coverage/sectors', body(), finance)).statusCode).toBe(403);
  });
});

describe('the console map tiles setting', () => {
  it('is an https template with {z}, {x} and {y}, whose origin the console page may load images from', () => {
    const url = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
    expect(loadConfig({ CONSOLE_MAP_TILE_URL: url }).CONSOLE_MAP_TILE_URL).toBe(url);
    expect(() => loadConfig({ CONSOLE_MAP_TILE_URL: 'http://tiles.example/{z}/{x}/{y}.png' })).toThrow(
      /CONSOLE_MAP_TILE_URL/,
    );
    expect(() => loadConfig({ CONSOLE_MAP_TILE_URL: 'https://tiles.example/tile.png' })).toThrow(
      /CONSOLE_MAP_TILE_URL/,
    );
    expect(consolePagePolicy(url)).toContain("img-src 'self' data: https://*.tile.openstreetmap.org;");
    expect(consolePagePolicy()).toContain("img-src 'self' data:;");
  });
});
