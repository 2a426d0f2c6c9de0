/** Spec 5 upload texts. */
export const UPLOAD_MESSAGES = {
  imagesOnly: 'Only image files are allowed.',
  tooLarge: 'File size should not exceed 5MB.',
  empty: 'The selected file is empty.',
  required: 'File is required.',
} as const
