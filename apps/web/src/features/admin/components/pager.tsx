import { Button } from '../../../components/ui/button.tsx'

export interface PagerProps {
  /** Names the navigation, e.g. 'Transactions pages'. */
  label: string
  offset: number
  pageSize: number
  hasMore: boolean
  onOffsetChange: (offset: number) => void
}

/** Previous and Next for a list paged by offset. */
export function Pager({ label, offset, pageSize, hasMore, onOffsetChange }: PagerProps) {
  if (offset === 0 && !hasMore) return null
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-3">
      <Button variant="secondary" disabled={offset === 0} onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}>
        Previous
      </Button>
      <span className="text-sm text-slate-600">Page {Math.floor(offset / pageSize) + 1}</span>
      <Button variant="secondary" disabled={!hasMore} onClick={() => onOffsetChange(offset + pageSize)}>
        Next
      </Button>
    </nav>
  )
}
