import { eq } from 'drizzle-orm';
import { referralAmountText } from '@visita/domain/partner-copy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { clients, seedRuns } from '../schema.ts';
import { demoAntigenSeed, demoPartnerVariantsSeed } from './demo-partner-variants.ts';
import { runSeeds } from './run-seeds.ts';

describe.each(TEST_ENGINES)('demo partners show every per-partner variant, on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const config = async (id: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/alliances/clients/sdk-config/?id=${id}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const item = async (id: number, country: 'cl' | 'mx') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v2/items/?ids=${id}&country=${country}&source=marketplace`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().results[0];
  };

  it("a staff console's origin step offers its receivers without 'Otro'", async () => {
    const body = await config('demo-laas-origen');
    expect(body.profile.rules.origin_other).toBe(false);
    expect(body.laas_config_v2.customFlow).toContain('origin');
  });

  it('a channel has its own success title and subtitle', async () => {
    const body = await config('confuturo');
    expect(body.profile.copy.steps.success).toEqual({
      title: '¡Tu beneficio Confuturo está agendado!',
      subtitle: 'Un especialista te visitará en la fecha y hora que elegiste.',
    });
    // What it stated before stays.
    expect(body.profile.rules.starts_at_first_step).toBe(true);
  });

  it('a second source adds a fixed service to every visit', async () => {
    expect((await config('esencial')).profile.rules.extra_service_ids).toEqual([1]);
    expect((await config('redsalud')).profile.rules.extra_service_ids).toEqual([1]);
  });

  it('a Mexican partner says the referral amount as $180', async () => {
    const body = await config('laboratoriochopo');
    expect(body.country).toBe('mx');
    expect(referralAmountText(body.profile.copy.referral_amount, 'mx')).toBe(
      'Invita a alguien a agendar con tu cupón y gana $180 en tu próxima visita.',
    );
  });

  it("the fund's mental-health coupon is valid through Caja Los Andes only", async () => {
    const status = async (source: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v2/coupons/validate/?coupon=cajalosandessaludmental&source=${source}&country=cl&items=1`,
        })
      ).json().status;
    expect(await status('cajalosandes')).toBe('valid');
    expect(await status('marketplace')).not.toBe('valid');
  });

  it('the rapid antigen test: certificate in 7 hours in Chile, 2 in Mexico, negative results only', async () => {
    expect((await item(41, 'cl')).description).toBe(
      'Resultado en 15 minutos; certificado en 7 horas si agendas antes de las 18:00, solo para resultados negativos.',
    );
    const mexican = await item(222, 'mx');
    expect(mexican.name).toBe('Prueba de antígeno COVID-19');
    expect(mexican.description).toBe(
      'Resultado en 15 minutos; certificado en 2 horas si agendas antes de las 18:00, solo para resultados negativos.',
    );
  });

  it('a demo database seeded before them gets them, keeping what an operator set', async () => {
    await t.app.db
      .update(clients)
      .set({ profile: { copy: { steps: { date: { title: 'Elige el día' } } }, booking_emails: false } })
      .where(eq(clients.id, 'confuturo'));
    await t.app.db.delete(seedRuns).where(eq(seedRuns.name, demoPartnerVariantsSeed.name));
    await t.app.db.delete(seedRuns).where(eq(seedRuns.name, demoAntigenSeed.name));
    expect(await runSeeds(t.app.db, [demoPartnerVariantsSeed, demoAntigenSeed])).toEqual([
      demoPartnerVariantsSeed.name,
      demoAntigenSeed.name,
    ]);
    const [row] = await t.app.db.select().from(clients).where(eq(clients.id, 'confuturo'));
    expect(row?.profile).toEqual({
      booking_emails: false,
      copy: {
        steps: {
          date: { title: 'Elige el día' },
          success: {
            title: '¡Tu beneficio Confuturo está agendado!',
            subtitle: 'Un especialista te visitará en la fecha y hora que elegiste.',
          },
        },
      },
    });
    expect((await item(222, 'mx')).name).toBe('Prueba de antígeno COVID-19');
  });
});
