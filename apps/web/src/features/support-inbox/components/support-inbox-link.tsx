import { Link } from 'react-router'
import { paths } from '../../../lib/paths.ts'
import { useSupportInbox } from '../api/use-support-inbox.ts'

/** The admin header's way to the support inbox, with how many conversations wait on support. */
export function SupportInboxLink() {
  const total = useSupportInbox({ page: 1, state: 'OPEN' }).data?.total
  return (
    <Link
      to={paths.supportInbox}
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:text-brand-600"
    >
      Inbox
      {total ? (
        <span className="rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white">
          {total}
          <span className="sr-only"> waiting</span>
        </span>
      ) : null}
    </Link>
  )
}
