/** docs/product.md §11 general limits. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024
/** What a member's credential documents may take in all (each kind keeps only its latest document). */
export const CREDENTIALS_MAX_STORED_BYTES = 50 * 1024 * 1024
/** Credential uploads per account per 10 minutes. */
export const CREDENTIAL_UPLOADS_PER_10_MINUTES = 10
export const PASSWORD_MIN_SHARED = 6
export const PASSWORD_MIN_REGISTER_PAGE = 8
/** Long passphrases must fit; anything longer is refused so hashing cost stays bounded. */
export const PASSWORD_MAX = 128
export const ADMIN_CODE_MIN_LENGTH = 6
export const ADMIN_CODE_TTL_MS = 24 * 60 * 60 * 1000
export const GUEST_INFO_TTL_MS = 24 * 60 * 60 * 1000
export const ORDER_TRACKER_POLL_MS = 5000
export const MESSAGE_DISPLAY_MS = 5000
export const PORTAL_COPY_MESSAGE_MS = 3000
export const RESET_REDIRECT_MS = 2000
export const PRICING_LOADING_DELAY_MS = 500
export const MOBILE_MAX_WIDTH_PX = 768
export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100
/** The dashboard's order tabs are bounded: each shows the newest this many orders of its status. */
export const ORDER_TAB_LIMIT = 100
