import type { CartItem } from '@keydesk/contracts/cart'
import { planLineName } from '@keydesk/contracts/plan-benefits'

/** How a cart line reads: the plan by its one name, as the receipt and the mail name it; year make model for a keycode. */
export const cartItemLabel = (item: CartItem) =>
  item.kind === 'SUBSCRIPTION'
    ? planLineName(item.subscriptionTier ?? 'NONE', item.billing ?? 'MONTHLY')
    : `${item.year} ${item.make} ${item.model}`
