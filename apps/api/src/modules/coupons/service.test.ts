import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { couponUses, coupons } from '../../db/schema.ts';
import { TEST_ENGINES, type TestDatabase } from '../../test-support/databases.ts';
import type { CouponRow } from './queries.ts';
import { couponPeople, couponStatus, recordCouponUse } from './service.ts';

const NOW = new Date('2026-03-10T12:00:00Z');
const coupon = (row: Partial<CouponRow>): CouponRow => ({
  code: 'X',
  discountPercent: 10,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  usesCount: 0,
  salesSources: null,
  discountAmount: null,
  oncePerPerson: false,
  country: null,
  itemIds: null,
  active: true,
  ...row,
});
const cart = { source: 'marketplace', country: 'cl' as const, itemIds: [1, 2] };

describe('couponStatus', () => {
  it.each([
    ['an unknown coupon', undefined, 'invalid'],
    ['a switched-off coupon', coupon({ active: false }), 'invalid'],
    ['a coupon of another source', coupon({ salesSources: ['redsalud'] }), 'invalid'],
    ['a coupon of another country', coupon({ country: 'mx' }), 'invalid'],
    ['a coupon for items not in the cart', coupon({ itemIds: [3] }), 'invalid'],
    ['a coupon not valid yet', coupon({ validFrom: new Date('2026-03-11T00:00:00Z') }), 'invalid'],
    ['a coupon past its date', coupon({ validUntil: new Date('2026-03-10T11:59:59Z') }), 'expired'],
    ['a single-use coupon used', coupon({ maxUses: 1, usesCount: 1 }), 'already_used'],
    ['a coupon with every use taken', coupon({ maxUses: 5, usesCount: 5 }), 'no_uses'],
    [
      'an expired coupon with every use taken (expiry first)',
      coupon({ validUntil: new Date(0), maxUses: 1, usesCount: 1 }),
      'expired',
    ],
    ['a coupon with one use left', coupon({ maxUses: 5, usesCount: 4 }), 'valid'],
    [
      'a coupon for one of the items, this source and country',
      coupon({ itemIds: [2], salesSources: ['marketplace'], country: 'cl' }),
      'valid',
    ],
    ['a coupon on its last valid instant', coupon({ validUntil: NOW }), 'valid'],
  ])('%s is %s', (_case, row, status) => {
    expect(couponStatus(row, cart, NOW)).toBe(status);
  });
});

describe.each(TEST_ENGINES)('recordCouponUse on $name', (engine) => {
  let testDb: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    testDb = await engine.create();
    await testDb.database.migrate();
    db = testDb.database.db;
    await db.insert(coupons).values([
      { code: 'CINCO', discountPercent: 10, maxUses: 7, usesCount: 2 },
      { code: 'LIBRE', discountPercent: 10 },
      { code: 'UNO', discountPercent: 10, maxUses: 1 },
      { code: 'APAGADO', discountPercent: 10, active: false },
      { code: 'OTRO', discountPercent: 10 },
      { code: 'PERSONA', discountAmount: 2000, country: 'cl', oncePerPerson: true },
    ]);
  });
  afterAll(() => testDb?.dispose());

  const usesOf = async (code: string) => {
    const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
    const uses = await db.select().from(couponUses).where(eq(couponUses.couponCode, code));
    return { count: row?.usesCount, rows: uses.length };
  };

  it('never goes beyond max_uses: 20 concurrent confirmations, 5 uses left, exactly 5 succeed', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => recordCouponUse(db, 'cinco', randomUUID())),
    );
    expect(results.filter((result) => result === 'recorded')).toHaveLength(5);
    expect(results.filter((result) => result === 'no-uses')).toHaveLength(15);
    expect(await usesOf('CINCO')).toEqual({ count: 7, rows: 5 });
  });

  it('counts one use per appointment, even when the confirmation is repeated concurrently', async () => {
    const appointmentId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => recordCouponUse(db, 'LIBRE', appointmentId)),
    );
    expect(results.filter((result) => result === 'recorded')).toHaveLength(1);
    expect(results.filter((result) => result === 'already-recorded')).toHaveLength(4);
    expect(await usesOf('LIBRE')).toEqual({ count: 1, rows: 1 });
  });

  it('answers a repeated confirmation of the last use as already recorded, not as no uses', async () => {
    const appointmentId = randomUUID();
    expect(await recordCouponUse(db, 'UNO', appointmentId)).toBe('recorded');
    expect(await recordCouponUse(db, 'UNO', appointmentId)).toBe('already-recorded');
    expect(await recordCouponUse(db, 'UNO', randomUUID())).toBe('no-uses');
    expect(await usesOf('UNO')).toEqual({ count: 1, rows: 1 });
  });

  it('refuses unknown, switched-off and malformed coupons without counting', async () => {
    expect(await recordCouponUse(db, 'NOEXISTE', randomUUID())).toBe('invalid');
    expect(await recordCouponUse(db, 'APAGADO', randomUUID())).toBe('invalid');
    expect(await recordCouponUse(db, "x' OR '1'='1", randomUUID())).toBe('invalid');
    expect(await usesOf('APAGADO')).toEqual({ count: 0, rows: 0 });
  });

  it('one coupon per appointment: a second coupon on the same appointment is not counted', async () => {
    const appointmentId = randomUUID();
    const before = await usesOf('LIBRE');
    expect(await recordCouponUse(db, 'LIBRE', appointmentId)).toBe('recorded');
    expect(await recordCouponUse(db, 'OTRO', appointmentId)).toBe('already-recorded');
    expect((await usesOf('LIBRE')).count).toBe((before.count ?? 0) + 1);
    // The other coupon's increment was rolled back with the refused insert.
    expect(await usesOf('OTRO')).toEqual({ count: 0, rows: 0 });
  });

  it('once per person: the same document on two appointments confirmed at once counts once', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () => recordCouponUse(db, 'PERSONA', randomUUID(), ['ci:123456785'])),
    );
    expect(results.filter((result) => result === 'recorded')).toHaveLength(1);
    expect(results.filter((result) => result === 'used-by-person')).toHaveLength(3);
    expect(await usesOf('PERSONA')).toEqual({ count: 1, rows: 1 });
    // Another person may still use it; an appointment of several people counts each of them.
    expect(await recordCouponUse(db, 'PERSONA', randomUUID(), ['ci:111111111', 'passport:AB12'])).toBe(
      'recorded',
    );
    expect(await recordCouponUse(db, 'PERSONA', randomUUID(), ['passport:AB12'])).toBe('used-by-person');
    expect(await usesOf('PERSONA')).toEqual({ count: 2, rows: 2 });
  });

  it('folds a document as a once-per-person coupon counts it', () => {
    expect(
      couponPeople([
        { document_type: 'ci', document_number: '12.345.678-5' },
        { document_type: 'ci', document_number: '123456785' },
        { document_type: 'passport', document_number: ' ab 12 ' },
        { document_type: 'ci', document_number: '' },
        {},
      ]),
    ).toEqual(['ci:123456785', 'passport:AB12']);
  });

  it('rejects an appointment id that is not a UUID', async () => {
    await expect(recordCouponUse(db, 'LIBRE', 'not-a-uuid')).rejects.toThrow(TypeError);
  });
});
