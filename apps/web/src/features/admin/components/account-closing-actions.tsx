import { zodResolver } from '@hookform/resolvers/zod'
import { type CloseAccountBody, CloseAccountBodySchema } from '@keydesk/contracts/account-closing'
import type { AdminUser } from '@keydesk/contracts/admin'
import { ACCOUNT_DATA_KEEP_DAYS } from '@keydesk/contracts/policy-statements'
import { RETENTION, retentionEnd } from '@keydesk/contracts/retention'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { controlClass, FieldShell } from '../../../components/ui/field-shell.tsx'
import { failureText } from '../../../lib/api-client.ts'
import { longDate } from '../../../lib/dates.ts'
import { useSession } from '../../session/use-session.ts'
import { useAccountAction } from '../api/use-admin-users.ts'

type AccountActionKind = 'close' | 'purge' | 'archive'

/** What each action says before it runs, and its button: the reason it asks for goes to the action log. */
const ACTIONS: Record<AccountActionKind, { button: string; title: string; explanation: string; failure: string }> = {
  close: {
    button: 'Close account',
    title: 'Close this account?',
    explanation: `The member's sessions end at once and sign-in is refused. We e-mail them a link that restores the account within ${ACCOUNT_DATA_KEEP_DAYS} days; after that its personal data and files are deleted, and its paid orders are kept under a pseudonym.`,
    failure: 'The account could not be closed. Please try again.',
  },
  purge: {
    button: 'Delete now',
    title: 'Delete this account now?',
    explanation:
      "Only on the owner's verified request. The account, its documents and files are deleted at once, with no way back; its paid orders are kept under a pseudonym.",
    failure: 'The account could not be deleted. Please try again.',
  },
  archive: {
    button: 'Download data archive',
    title: "Download this member's data?",
    explanation:
      'The archive holds everything Keydesk keeps about the member: profile, documents, orders with their keycodes, payments, sessions and support conversations. Say why you need it.',
    failure: 'The archive could not be downloaded. Please try again.',
  },
}

/**
 * docs/decisions/035 and 037, on Registered Users: an admin closes a member's account; a super admin also deletes one
 * at once or downloads its data archive. Each asks the reason the action log keeps.
 */
export function AccountClosingActions({ user, onDone }: { user: AdminUser; onDone: (message: string) => void }) {
  const { user: staff } = useSession()
  const [open, setOpen] = useState<AccountActionKind | null>(null)
  const isSuperAdmin = staff?.role === 'SUPER_ADMIN'
  const kinds: AccountActionKind[] = [
    ...(user.closedAt ? [] : (['close'] as const)),
    ...(isSuperAdmin ? (['archive', 'purge'] as const) : []),
  ]

  return (
    <section aria-label="Account closing" className="mt-4 border-t border-slate-200 pt-4">
      {user.closedAt && (
        <p className="text-sm text-slate-700">
          Closed on {longDate(user.closedAt)}. Its data is deleted after{' '}
          {longDate(retentionEnd(RETENTION.ACCOUNT.period, new Date(user.closedAt)).toISOString())} unless its owner restores it from the
          link we e-mailed.
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {kinds.map((kind) => (
          <Button key={kind} variant={kind === 'archive' ? 'secondary' : 'danger'} onClick={() => setOpen(kind)}>
            {ACTIONS[kind].button}
          </Button>
        ))}
      </div>
      {open && (
        <ReasonDialog
          kind={open}
          user={user}
          onClose={() => setOpen(null)}
          onDone={(message) => {
            setOpen(null)
            onDone(message)
          }}
        />
      )}
    </section>
  )
}

function ReasonDialog({
  kind,
  user,
  onClose,
  onDone,
}: {
  kind: AccountActionKind
  user: AdminUser
  onClose: () => void
  onDone: (message: string) => void
}) {
  const action = useAccountAction()
  const form = useForm<CloseAccountBody>({ resolver: zodResolver(CloseAccountBodySchema), defaultValues: { reason: '' } })
  const words = ACTIONS[kind]
  const submit = form.handleSubmit(({ reason }) =>
    action.mutate({ kind, userId: user.id, reason }, { onSuccess: (answer) => onDone(answer.message) }),
  )

  return (
    <Dialog isOpen title={words.title} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4 text-sm text-slate-700">
        <p>
          {user.fname} {user.lname} ({user.email}). {words.explanation}
        </p>
        <FieldShell label="Reason" error={form.formState.errors.reason?.message} hint="Kept in the action log.">
          {(control) => <textarea {...control} rows={3} className={controlClass} {...form.register('reason')} />}
        </FieldShell>
        {action.isError && <Alert tone="error">{failureText(action.error, words.failure)}</Alert>}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant={kind === 'archive' ? 'primary' : 'danger'} isBusy={action.isPending}>
            {words.button}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
