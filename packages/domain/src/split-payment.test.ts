import { describe, expect, it } from 'vitest';
import { addItem, addPatient, type Cart, createCart, setClientChecked } from './cart.ts';
import type { CartItem } from './cart-item.ts';
import { SPLIT_PAYMENT_TITLE, splitPayment } from './split-payment.ts';

const item = (id: number, fields: Partial<CartItem> = {}): CartItem => ({
  id,
  name: `E${id}`,
  price: 1000 * id,
  type: 'panel',
  ...fields,
});

function add(cart: Cart, subject: CartItem, patientIndex?: number): Cart {
  const change = addItem(cart, subject, patientIndex === undefined ? {} : { patientIndex });
  if (!change.ok) throw new Error(change.reason);
  return change.cart;
}

describe('split payment: company pays checked exams, patient the rest', () => {
  const pack = item(10, { type: 'pack', items: [{ id: 1 }] });
  let cart = add(add(add(createCart(), pack), item(1)), item(2));
  cart = add(addPatient(cart), item(3), 1);
  cart = setClientChecked(cart, 0, 10, true);
  cart = setClientChecked(cart, 1, 3, true);

  it('sums both sides and lists the exams, leaving sub-items out', () => {
    expect(splitPayment(cart.patients)).toEqual({
      clientAmountToPay: 10_000 + 3000,
      patientAmountToPay: 2000,
      clientSelectedExamsToPay: [
        { patientIndex: 0, itemIds: [10] },
        { patientIndex: 1, itemIds: [3] },
      ],
      patientSelectedExamsToPay: [{ patientIndex: 0, itemIds: [2] }],
    });
  });

  it('with nothing checked the patient pays everything', () => {
    const result = splitPayment(createCart().patients);
    expect(result).toEqual({
      clientAmountToPay: 0,
      patientAmountToPay: 0,
      clientSelectedExamsToPay: [],
      patientSelectedExamsToPay: [],
    });
    expect(SPLIT_PAYMENT_TITLE).toBe('¿Qué análisis clínicos paga la empresa?');
  });
});
