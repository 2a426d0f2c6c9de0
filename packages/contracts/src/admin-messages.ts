// Kept apart from the schemas so a screen that needs only a text does not download Zod schemas with it.
export const ADMIN_MESSAGES = {
  signedOut: 'Please log in to access the admin dashboard',
  superAdminSignedOut: 'Please log in to access the super admin dashboard',
  statusUpdated: 'Status updated to In Progress',
  keycodeRequired: 'Please enter a keycode before submitting.',
  fulfilled: 'Keycode delivered.',
  notPendingPaid: 'Only a paid pending request can be started.',
  startFirst: 'Start the request before submitting a keycode.',
  releaseNotValidated:
    "This member's account is not validated yet. Validate the account and review its documents in this order's panel, or give a reason of at least 10 characters to release the keycode anyway.",
  releaseGuestUnchecked:
    'This is a guest order. Confirm that the photos of the licence match the request, or give a reason of at least 10 characters to release the keycode anyway.',
  releaseAccountRevoked:
    "This member's account is revoked, so they cannot sign in or be sent the keycode. If the revocation was a mistake, reactivate the account under Registered Users first; otherwise leave the order for support to refund.",
  releaseBusinessRevoked:
    "This order was placed for an Enterprise business whose account is revoked or closed, so none of its people's keycodes is released. Reactivate the business under Registered Users first; otherwise leave the order for support to refund.",
  releaseBusinessNotValidated:
    "This order was placed for an Enterprise business that is not validated, so none of its people's keycodes is released. Validate the business's account and review its documents first.",
  releaseNoRecipient:
    'This order has no account and no checkout e-mail (the account was deleted), so no one can receive the keycode. Leave the order for support to refund.',
  releaseReasonTooShort: 'Give a reason of at least 10 characters.',
  releaseCheckOrReason: 'Confirm that the licence photos match, or give a reason.',
  releaseDaysRequired: 'Choose the first and the last day.',
  releaseDaysOrder: 'The first day must not be after the last day.',
} as const
