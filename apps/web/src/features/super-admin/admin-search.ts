import type { AdminAccount } from '@keydesk/contracts/accounts-api'

/** The page's one search box narrows the pending and approved lists here, and the decided list on the server. */
export const matchesSearch = (admin: AdminAccount, search: string) =>
  [admin.fname, admin.lname, admin.email, admin.company ?? ''].some((text) => text.toLowerCase().includes(search.trim().toLowerCase()))
