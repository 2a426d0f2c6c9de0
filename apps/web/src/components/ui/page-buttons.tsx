import { Button } from './button.tsx'

export interface PageButtonsProps {
  /** Names the navigation, e.g. 'Batch rows pages'. */
  label: string
  /** The page shown, counted from 0. */
  page: number
  pageCount: number
  onPageChange: (page: number) => void
}

/** Previous and Next through a list whose length is known, with where the reader is. */
export function PageButtons({ label, page, pageCount, onPageChange }: PageButtonsProps) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-3">
      <Button variant="secondary" disabled={page === 0} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-slate-600">
        Page {page + 1} of {pageCount}
      </span>
      <Button variant="secondary" disabled={page >= pageCount - 1} onClick={() => onPageChange(page + 1)}>
        Next
      </Button>
    </nav>
  )
}
