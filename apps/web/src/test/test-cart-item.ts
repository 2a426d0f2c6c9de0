import type { CartItem } from '@keydesk/contracts/cart'

/** A keycode line of a cart as GET /cart/items answers it, priced the same for members and others. */
export function testCartItem(id: string, standardPrice: number): CartItem {
  return {
    id,
    kind: 'KEYCODE',
    make: 'Ford',
    model: 'F-150',
    year: 2020,
    vinLast4: '1234',
    subscriptionTier: null,
    standardPrice,
    finalPrice: standardPrice,
    price: standardPrice,
    isTemporary: false,
  }
}
