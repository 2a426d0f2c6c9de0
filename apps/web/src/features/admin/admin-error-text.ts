/**
 * docs/product.md, 'Back office (admins and super admins)': what a failed admin call says when the server sent no message
 * of its own (`failureText` in lib/api-client.ts reads the failure).
 */
export const ADMIN_FAILURES = {
  pending: 'Error fetching pending requests.',
  inProgress: 'Error fetching In Progress requests.',
  subscriptions: 'Error fetching subscriptions.',
  transactions: 'Error fetching transactions.',
  processRequest: 'Error processing keycode request.',
  updateStatus: 'Error Update Request Status.',
} as const
