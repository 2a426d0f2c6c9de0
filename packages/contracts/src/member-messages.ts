/** The profile screens' texts, verbatim. */
export const PROFILE_MESSAGES = {
  profileUpdated: 'Profile updated successfully!',
  profileUpdateFailed: 'Failed to update profile. Please try again.',
  securityUpdated: 'Security setting updated successfully!',
  securityUpdateFailed: 'Failed to update security setting. Please try again.',
  documentsUploaded: 'Documents uploaded successfully!',
  credentialsUploadFailed: 'Failed to upload credentials. Please try again.',
  userNotFound: 'User not found. Please log in again.',
  loadUserProfileFailed: 'Failed to load user profile. Please try again.',
  userDetailsUpdated: 'User details updated successfully.',
  updateUserProfileFailed: 'Update user profile failed. Please try again.',
  deleteUserProfileFailed: 'Delete user profile failed. Please try again.',
} as const

/** The Update Profile form's field rules (docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor', Profile and account). */
export const UPDATE_PROFILE_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
} as const
