/** What a super admin's action did, shown in the page's one toast. */
export interface Notice {
  tone: 'success' | 'error'
  text: string
}

export type Notify = (notice: Notice) => void
