/** Where the API serves a stored file (GET /api/files/:id, behind that file's access rule). */
export const fileAddress = (fileId: string) => `/api/files/${fileId}`

/** The address of a file a row may or may not hold; null when it holds none. */
export const fileLink = (fileId: string | null | undefined) => (fileId ? fileAddress(fileId) : null)
