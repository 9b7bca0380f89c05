import type { CartRefusal } from '@visita/domain/cart';
import { allowsMoreItems, type CartItem } from '@visita/domain/cart-item';

/**
 * Why an exam was not added, so picking it never silently does nothing. `others` are the items
 * already in the cart, to name the one that forbids more.
 */
export function cartRefusalMessage(reason: CartRefusal, item: CartItem, others: readonly CartItem[]): string {
  switch (reason) {
    case 'already-added':
      return `${item.name} ya está en el carrito de este paciente.`;
    case 'not-combinable': {
      if (!allowsMoreItems(item))
        return `${item.name} se agenda solo: no puede combinarse con otros exámenes en la misma visita. Quita los demás exámenes del carrito para agregarlo.`;
      const alone = others.find((other) => !allowsMoreItems(other));
      return alone
        ? `${alone.name} se agenda solo: no puede combinarse con otros exámenes en la misma visita. Quítalo del carrito para agregar ${item.name}.`
        : `${item.name} no puede combinarse con los exámenes del carrito.`;
    }
    default:
      return `No pudimos agregar ${item.name}. Inténtalo nuevamente.`;
  }
}
