/** User-facing error texts, kept once and imported by both apps. */
export const MESSAGES = {
  footerTagline: 'Professional vehicle keycode lookup services.',
  somethingWentWrong: 'Something went wrong',
  backendUnavailable: 'Backend service temporarily unavailable. Please try again later or contact support.',
  notFound: 'Not found',
  validationFailed: 'Please check the highlighted fields.',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  /** A JSON body nested or crowded past what any call sends (plugins/app/json-body.ts), refused before it is parsed. */
  jsonTooComplex: (maxDepth: number, maxItems: number) =>
    `This request's JSON is more than the API reads: at most ${maxDepth} levels deep and ${maxItems.toLocaleString('en-US')} values.`,
  /** A state-changing call from a page of another site (CSRF guard); says what the person can do about it. */
  crossSiteRefused:
    'This request came from a page on another site, so it was refused. Open Keydesk directly at its own address, reload the page and try again.',
} as const
