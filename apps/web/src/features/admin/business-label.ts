import type { AdminRequest } from '@keydesk/contracts/admin'

/** The Enterprise business an order was placed for, beside the person (docs/decisions/039): 'for Northside Locks · Downtown'. */
export const businessOf = (business: NonNullable<AdminRequest['business']>) =>
  `for ${business.name}${business.location ? ` · ${business.location}` : ''}`
