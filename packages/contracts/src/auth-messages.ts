/** User-facing texts (docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor') for sign-in, sign-up, password reset and admin codes, verbatim. */
export const AUTH_MESSAGES = {
  // The login and forgot-password forms.
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  forgotPasswordEmailRequired: 'Please enter your email address.',
  // Shared by the register forms (and the reset page's minimum of 6).
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone is required',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordMin6: 'Password must be at least 6 characters',
  stateRequired: 'State is required',
  companyRequired: 'Company is required',
  adminCodeRequired: 'Admin code is required',
  // The admin register page.
  emailInvalid: 'Email is invalid',
  passwordMin8: 'Password must be at least 8 characters',
  confirmPasswordRequired: 'Please confirm your password',
  registrationCodeRequired: 'Please enter the registration code sent to your email',
  companyNameRequired: 'Company name is required',
  phoneNumberRequired: 'Phone number is required',
  requestCodeFirst: 'Please request a registration code first',
  validateNeedsEmailAndCode: 'Please enter both email and registration code',
  // The business register page.
  registerPasswordsDoNotMatch: 'Passwords do not match. Please try again.',
  registerPasswordMin8: 'Password must be at least 8 characters long.',
  // Authentication.
  loginFailed: 'Login failed.',
  adminLoginFailed: 'Admin login failed.',
  adminAccessDenied: 'Access denied. Admin privileges required.',
  registrationFailed: 'Registration failed. Please try again.',
  adminRegistrationFailed: 'Admin registration failed:',
  adminRegistrationSucceeded: 'Admin account created successfully! Pending super admin approval. You will be notified once approved.',
  resetEmailSent: 'Password reset email sent! Check your inbox.',
  resetEmailFailed: 'Failed to send reset email',
  resetEmailError: 'Error sending reset email. Please try again.',
  resetLinkInvalid: 'Invalid reset link. Please request a new password reset.',
  passwordUpdated: 'Password updated successfully! Redirecting to login...',
  passwordUpdateFailed: 'Failed to update password',
  passwordUpdateError: 'Error updating password. Please try again.',
  codeSent: 'Registration code sent successfully! Check your email.',
  codeSendFailed: 'Failed to send registration code',
  codeSendError: 'Error requesting registration code. Please try again.',
  codeValid: 'Registration code is valid!',
  codeInvalid: 'Invalid registration code',
  codeValidateError: 'Error validating code.',
} as const

/** Texts the screens need beyond the documented ones; kept here so both apps agree on them. */
export const SESSION_MESSAGES = {
  /** docs/product.md, 'Screens and routes (web)', names the screen "Invalid Reset Link". */
  invalidResetLinkTitle: 'Invalid Reset Link',
  roleAccessDenied: 'You do not have access to that page.',
  sessionExpired: 'Your session has ended. Please log in again.',
} as const

/** Why a device's session ended, kept with it so that device's next call can say so (docs/decisions/038). */
export const SESSION_END_REASONS = [
  'SIGNED_OUT',
  'ENDED_ELSEWHERE',
  'PASSKEY_REMOVED',
  'ACCOUNT_CHANGED',
  'REFRESH_REUSED',
  'TEAM_REMOVED',
] as const
export type SessionEndReason = (typeof SESSION_END_REASONS)[number]

/** What the signed-out device's sign-in page says: the reason in words, never which device did it. */
export const SESSION_END_MESSAGES: Record<SessionEndReason, string> = {
  SIGNED_OUT: SESSION_MESSAGES.sessionExpired,
  ENDED_ELSEWHERE: 'This device was signed out from another device. Please log in again.',
  PASSKEY_REMOVED: 'The passkey this device signed in with was removed. Please log in again.',
  ACCOUNT_CHANGED: 'Your password or your account changed, so every device was signed out. Please log in again.',
  REFRESH_REUSED: 'This session was ended because its sign-in was used from two places at once. Please log in again.',
  TEAM_REMOVED:
    "You were removed from your business's team, or your location was closed, so every device was signed out. Please log in again.",
}
