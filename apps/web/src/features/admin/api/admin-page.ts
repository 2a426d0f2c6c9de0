/** Rows per page on the admin dashboard's paged panels (the API allows up to 100). */
export const ADMIN_PAGE_SIZE = 20

export interface AdminPage<T> {
  rows: T[]
  /** Whether a next page exists: the hooks ask for one row more than they show. */
  hasMore: boolean
}

/** The API sends no total, so a page is fetched with one extra row that only tells whether Next is possible. */
export function toAdminPage<T>(rows: T[]): AdminPage<T> {
  return { rows: rows.slice(0, ADMIN_PAGE_SIZE), hasMore: rows.length > ADMIN_PAGE_SIZE }
}
