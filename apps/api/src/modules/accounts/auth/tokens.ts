export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000
