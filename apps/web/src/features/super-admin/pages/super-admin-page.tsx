import { zodResolver } from '@hookform/resolvers/zod'
import {
  ACCOUNT_MESSAGES,
  type AdminAccount,
  AdminCodeRequestBodySchema,
  APPROVAL_NOTES,
  CreateSuperAdminFormSchema,
  revocationNotes,
} from '@keydesk/contracts/accounts-api'
import { useDeferredValue, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { Toast } from '../../../components/ui/toast.tsx'
import { paths } from '../../../lib/paths.ts'
import { useSession } from '../../session/use-session.ts'
import { useAdminAccounts, useCreateSuperAdmin, useDecideAdmin, useDecidedAdmins, useSendAdminCode } from '../api/use-super-admin.ts'
import { ActionLog } from '../components/action-log.tsx'
import { DecidedAdminsList } from '../components/decided-admins-list.tsx'
import { PaymentProblems } from '../components/payment-problems.tsx'
import { RevokeAdminDialog } from '../components/revoke-admin-dialog.tsx'

const matches = (admin: AdminAccount, search: string) =>
  [admin.fname, admin.lname, admin.email, admin.company ?? ''].some((text) => text.toLowerCase().includes(search.trim().toLowerCase()))

/** docs/product.md, 'Super admin'. */

/** What a bulk decision did, in the words of that decision (errors stay silent, as for one by one). */
export const bulkDecisionText = (approve: boolean, count: number) =>
  `${count} admin ${count === 1 ? 'account' : 'accounts'} ${approve ? 'approved' : 'rejected'}.`

export function SuperAdminPage() {
  const session = useSession()
  const email = session.user?.email ?? ''
  const pending = useAdminAccounts('pending', email)
  const approved = useAdminAccounts('approved', email)
  const decide = useDecideAdmin(email)
  const sendCode = useSendAdminCode()
  const createSuperAdmin = useCreateSuperAdmin()
  // An action-log entry about an admin opens this page searched for that admin.
  const [searchParams] = useSearchParams()
  const [search, setSearch] = useState(() => searchParams.get('search') ?? '')
  const deferredSearch = useDeferredValue(search)
  const [decidedOffset, setDecidedOffset] = useState(0)
  const decided = useDecidedAdmins(email, deferredSearch, decidedOffset)
  const [revoking, setRevoking] = useState<AdminAccount | null>(null)
  const [selected, setSelected] = useState<string[]>([])
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const codeForm = useForm({
    resolver: zodResolver(AdminCodeRequestBodySchema),
    defaultValues: { email: '', firstName: '', lastName: '' },
  })
  const createForm = useForm({
    resolver: zodResolver(CreateSuperAdminFormSchema),
    defaultValues: { email: '', password: '', fname: '', lname: '', phone: '' },
  })
  const codeErrors = codeForm.formState.errors
  const createErrors = createForm.formState.errors

  if (pending.isError || approved.isError) {
    return (
      <PageFrame title="Super Admin Dashboard">
        <Alert tone="error">Failed to fetch admin data</Alert>
      </PageFrame>
    )
  }

  const decideOne = (adminId: string, approve: boolean) =>
    decide.mutate(
      { adminId, approve },
      {
        onSuccess: (answer) => setMessage({ tone: 'success', text: answer.message }),
        onError: () => setMessage({ tone: 'error', text: approve ? 'Failed to approve admin' : 'Failed to reject admin' }),
      },
    )
  // Bulk errors are ignored silently, as the contract's screen does.
  const decideSelected = async (approve: boolean) => {
    const results = await Promise.allSettled(
      selected.map((adminId) =>
        decide.mutateAsync({ adminId, approve, notes: approve ? APPROVAL_NOTES.bulkApproved : APPROVAL_NOTES.bulkRejected }),
      ),
    )
    setSelected([])
    setMessage({ tone: 'success', text: bulkDecisionText(approve, results.filter((result) => result.status === 'fulfilled').length) })
  }
  // The reject call answers 'rejected' for a revocation too (docs/product.md, 'The API contract', 'Super admin'), so the screen says what happened.
  const revoke = (admin: AdminAccount, reason: string) =>
    decide.mutate(
      { adminId: admin.id, approve: false, notes: revocationNotes(reason) },
      {
        onSuccess: () => {
          setRevoking(null)
          setMessage({ tone: 'success', text: `${ACCOUNT_MESSAGES.adminRevoked} ${admin.fname} ${admin.lname} can no longer sign in.` })
        },
        onError: () => setMessage({ tone: 'error', text: 'Failed to revoke admin' }),
      },
    )
  const failedToSendCode = () => setMessage({ tone: 'error', text: 'Failed to send admin code' })
  const onSendCode = codeForm.handleSubmit(
    (values) =>
      sendCode.mutate(values, {
        onSuccess: (answer) => {
          setMessage({ tone: 'success', text: answer.message })
          codeForm.reset()
        },
        onError: failedToSendCode,
      }),
    failedToSendCode,
  )
  const onCreate = createForm.handleSubmit((values) => {
    const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''))
    createSuperAdmin.mutate(filled, {
      // The form empties on success: a temporary password must not stay on screen.
      onSuccess: () => {
        setMessage({ tone: 'success', text: 'Super admin created successfully.' })
        createForm.reset()
      },
      onError: () =>
        setMessage({ tone: 'error', text: 'Failed to create super admin. Only approved super admins can perform this action.' }),
    })
  })

  return (
    <PageFrame title="Super Admin Dashboard">
      {message && <Toast message={message.text} tone={message.tone} takesFocus onClose={() => setMessage(null)} />}
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
      <section aria-labelledby="pending-admins" className="mt-6">
        <h2 id="pending-admins" className="text-xl font-semibold">
          Pending admins
        </h2>
        {pending.isPending && <Spinner />}
        <div className="mt-2 flex gap-2">
          <Button disabled={selected.length === 0} onClick={() => decideSelected(true)}>
            Approve selected
          </Button>
          <Button variant="danger" disabled={selected.length === 0} onClick={() => decideSelected(false)}>
            Reject selected
          </Button>
        </div>
        {pending.data?.length === 0 && <p className="mt-2 text-slate-600">No admin is waiting for approval.</p>}
        <ul className="mt-3 space-y-2">
          {pending.data
            ?.filter((admin) => matches(admin, search))
            .map((admin) => (
              <li key={admin.id} className="flex items-center justify-between rounded-lg border border-slate-200 bg-white p-3">
                <label className="flex items-center gap-3">
                  <input
                    type="checkbox"
                    checked={selected.includes(admin.id)}
                    onChange={(event) =>
                      setSelected(event.target.checked ? [...selected, admin.id] : selected.filter((id) => id !== admin.id))
                    }
                  />
                  <span>
                    {admin.fname} {admin.lname} · {admin.email} · {admin.company ?? ''}
                  </span>
                </label>
                <span className="flex gap-2">
                  <Button onClick={() => decideOne(admin.id, true)}>Approve</Button>
                  <Button variant="secondary" onClick={() => decideOne(admin.id, false)}>
                    Reject
                  </Button>
                </span>
              </li>
            ))}
        </ul>
      </section>
      <section aria-labelledby="approved-admins" className="mt-8">
        <h2 id="approved-admins" className="text-xl font-semibold">
          Approved admins
        </h2>
        {approved.data?.filter((admin) => matches(admin, search)).length === 0 && (
          <p className="mt-2 text-slate-600">{search ? 'No approved admin matches this search.' : 'No approved admins yet.'}</p>
        )}
        <ul className="mt-3 space-y-2">
          {approved.data
            ?.filter((admin) => matches(admin, search))
            .map((admin) => (
              <li key={admin.id} className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3">
                <span>
                  {admin.fname} {admin.lname} · {admin.email}
                </span>
                <Button variant="secondary" aria-label={`Revoke ${admin.fname} ${admin.lname}`} onClick={() => setRevoking(admin)}>
                  Revoke
                </Button>
              </li>
            ))}
        </ul>
      </section>
      <RevokeAdminDialog
        admin={revoking}
        isBusy={decide.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={(reason) => revoking && revoke(revoking, reason)}
      />
      <DecidedAdminsList
        admins={decided.data}
        isPending={decided.isPending}
        searching={deferredSearch.trim() !== ''}
        offset={decidedOffset}
        onPage={setDecidedOffset}
      />
      <div className="mt-8 grid gap-8 md:grid-cols-2">
        <form onSubmit={onSendCode} noValidate className="space-y-3" aria-labelledby="send-code">
          <h2 id="send-code" className="text-xl font-semibold">
            Send admin registration code
          </h2>
          <TextField label="Admin e-mail" type="email" error={codeErrors.email?.message} {...codeForm.register('email')} />
          <TextField label="Admin first name" error={codeErrors.firstName?.message} {...codeForm.register('firstName')} />
          <TextField label="Admin last name" error={codeErrors.lastName?.message} {...codeForm.register('lastName')} />
          <Button type="submit" isBusy={sendCode.isPending}>
            Send code
          </Button>
        </form>
        <form onSubmit={onCreate} noValidate className="space-y-3" aria-labelledby="create-super-admin">
          <h2 id="create-super-admin" className="text-xl font-semibold">
            Create super admin
          </h2>
          <TextField
            label="Super admin e-mail"
            type="email"
            aria-required
            error={createErrors.email?.message}
            {...createForm.register('email')}
          />
          <TextField
            label="Temporary password"
            type="password"
            aria-required
            error={createErrors.password?.message}
            {...createForm.register('password')}
          />
          <TextField label="First name (default Super)" error={createErrors.fname?.message} {...createForm.register('fname')} />
          <TextField label="Last name (default Admin)" error={createErrors.lname?.message} {...createForm.register('lname')} />
          <TextField label="Phone (optional)" error={createErrors.phone?.message} {...createForm.register('phone')} />
          <Button type="submit" isBusy={createSuperAdmin.isPending}>
            Create super admin
          </Button>
        </form>
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
