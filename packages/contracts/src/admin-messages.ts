// Kept apart from the schemas so a screen that needs only a text does not download Zod schemas with it.
export const ADMIN_MESSAGES = {
  signedOut: 'Please log in to access the admin dashboard',
  statusUpdated: 'Status updated to In Progress',
  keycodeRequired: 'Please enter a keycode before submitting.',
  fulfilled: 'Keycode delivered.',
  notPendingPaid: 'Only a paid pending request can be started.',
  startFirst: 'Start the request before submitting a keycode.',
} as const
