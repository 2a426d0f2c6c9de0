/** General limits (docs/product.md, 'Constants'). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024
/**
 * An image's size in pixels, read from its header before anything is decoded (decision 017). 50 megapixels is a
 * 48 MP phone photo or a 600 dpi scan of a legal page; 12,000 px is the long side of a 108 MP sensor or a 20-inch
 * page at 600 dpi. Longer strips are no document, and decoding cost grows with the pixels whatever the file's bytes.
 */
export const UPLOAD_MAX_IMAGE_SIDE = 12_000
export const UPLOAD_MAX_IMAGE_PIXELS = 50_000_000
/**
 * A progressive JPEG or interlaced PNG cannot be decoded a band at a time: its whole coefficient or pixel buffer is
 * held, up to 10 bytes a pixel, so it gets a smaller bound (16 MP: a 12 MP phone photo re-saved for the web fits).
 */
export const UPLOAD_MAX_LAYERED_IMAGE_PIXELS = 16_000_000
/** The stored copy's longest edge: enough for an admin to read an ID or a certificate, and what a decode shrinks to. */
export const STORED_IMAGE_MAX_EDGE = 2000
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
/** A member's request left unpaid, outside any open checkout and unchanged this many days is removed with its photos. */
export const UNPAID_REQUEST_KEEP_DAYS = 30
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

/** Changes carrying images that one account may send to one route in 10 minutes (a request's photos, a profile photo). */
export const IMAGE_UPLOADS_PER_10_MINUTES = 20

/**
 * Every file a member makes the server keep (documents, request photos, profile photo) counts in one share
 * (docs/product.md, 'Constants'): a busy shop's day of requests with photos (30 requests × 3 photos of at most 2000 px)
 * stays far under the daily bound; a script filling the disk meets it within seconds.
 */
export const MEMBER_UPLOAD_BYTES_PER_DAY = 250 * 1024 * 1024
export const MEMBER_STORED_MAX_BYTES = 2 * 1024 * 1024 * 1024
/** Guests' photos per address in a day (three full keycode requests and more), and all guests' together. */
export const GUEST_UPLOAD_BYTES_PER_ADDRESS_PER_DAY = 60 * 1024 * 1024
export const GUEST_UPLOAD_BYTES_PER_DAY = 2 * 1024 * 1024 * 1024
