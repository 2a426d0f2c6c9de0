import { useDeferredValue, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { Toast } from '../../../components/ui/toast.tsx'
import { paths } from '../../../lib/paths.ts'
import { useSession } from '../../session/use-session.ts'
import { useAdminAccounts, useDecidedAdmins } from '../api/use-super-admin.ts'
import { ActionLog } from '../components/action-log.tsx'
import { ApprovedAdmins } from '../components/approved-admins.tsx'
import { CreateSuperAdminForm } from '../components/create-super-admin-form.tsx'
import { DecidedAdminsList } from '../components/decided-admins-list.tsx'
import { PaymentProblems } from '../components/payment-problems.tsx'
import { PendingAdmins } from '../components/pending-admins.tsx'
import { SendAdminCodeForm } from '../components/send-admin-code-form.tsx'
import type { Notice } from '../notice.ts'

/** docs/product.md, 'Super admin'. */
export function SuperAdminPage() {
  const session = useSession()
  const email = session.user?.email ?? ''
  const pending = useAdminAccounts('pending', email)
  const approved = useAdminAccounts('approved', email)
  // An action-log entry about an admin opens this page searched for that admin.
  const [searchParams] = useSearchParams()
  const [search, setSearch] = useState(() => searchParams.get('search') ?? '')
  const deferredSearch = useDeferredValue(search)
  const [decidedOffset, setDecidedOffset] = useState(0)
  const decided = useDecidedAdmins(email, deferredSearch, decidedOffset)
  const [notice, setNotice] = useState<Notice | null>(null)

  if (pending.isError || approved.isError) {
    return (
      <PageFrame title="Super Admin Dashboard">
        <Alert tone="error">Failed to fetch admin data</Alert>
      </PageFrame>
    )
  }

  return (
    <PageFrame title="Super Admin Dashboard">
      {notice && <Toast message={notice.text} tone={notice.tone} takesFocus onClose={() => setNotice(null)} />}
      <div className="max-w-md">
        <TextField
          label="Search admins"
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value)
            setDecidedOffset(0)
          }}
        />
      </div>
      <PendingAdmins admins={pending.data} isPending={pending.isPending} search={search} superAdminEmail={email} onNotice={setNotice} />
      <ApprovedAdmins admins={approved.data} search={search} superAdminEmail={email} onNotice={setNotice} />
      <DecidedAdminsList
        admins={decided.data}
        isPending={decided.isPending}
        searching={deferredSearch.trim() !== ''}
        offset={decidedOffset}
        onPage={setDecidedOffset}
      />
      <div className="mt-8 grid gap-8 md:grid-cols-2">
        <SendAdminCodeForm onNotice={setNotice} />
        <CreateSuperAdminForm onNotice={setNotice} />
      </div>
      <section aria-labelledby="payment-disputes" className="mt-8">
        <h2 id="payment-disputes" className="text-xl font-semibold">
          Payment disputes and failed refunds
        </h2>
        <div className="mt-3">
          <PaymentProblems />
        </div>
      </section>
      <section aria-labelledby="recent-actions" className="mt-8">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="recent-actions" className="text-xl font-semibold">
            Recent actions
          </h2>
          <Link className="text-brand-700 underline" to={paths.actionLog}>
            Open the action log to filter and export
          </Link>
        </div>
        <ActionLog pageSize={10} showFilters={false} />
      </section>
    </PageFrame>
  )
}
