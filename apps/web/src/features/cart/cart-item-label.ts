import type { CartItem } from '@keydesk/contracts/cart'

/** How a cart line reads: the plan for a subscription, year make model for a keycode. */
export const cartItemLabel = (item: CartItem) =>
  item.kind === 'SUBSCRIPTION' ? `${item.subscriptionTier} subscription` : `${item.year} ${item.make} ${item.model}`
