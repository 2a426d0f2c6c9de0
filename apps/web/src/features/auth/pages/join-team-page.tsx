import { zodResolver } from '@hookform/resolvers/zod'
import { AUTH_MESSAGES } from '@keydesk/contracts/auth-messages'
import { DOCUMENT_NAMES } from '@keydesk/contracts/documents'
import { REGION_GROUPS } from '@keydesk/contracts/states'
import {
  INVITATION_DOCUMENTS,
  type JoinTeamForm,
  JoinTeamFormSchema,
  TEAM_MESSAGES,
  TEAM_ROLE_LABELS,
  TEAM_ROLE_POWERS,
} from '@keydesk/contracts/teams'
import { IMAGE_ACCEPT, IMAGE_HINT, imageFileProblem, UPLOAD_MESSAGES } from '@keydesk/contracts/uploads'
import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { FileField } from '../../../components/ui/file-field.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { longDate } from '../../../lib/dates.ts'
import { paths } from '../../../lib/paths.ts'
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts'
import type { NoticeState } from '../../session/notice-state.ts'
import { useSession } from '../../session/use-session.ts'
import { useInvitationPreview, useJoinTeam, useJoinWithAccount } from '../api/use-join-team.ts'
import { serverText } from '../failure-text.ts'

type IdSide = (typeof INVITATION_DOCUMENTS)[number]
type IdFiles = Record<IdSide, File | null>

const idErrorsOf = (files: IdFiles) => {
  const errors: Partial<Record<IdSide, string>> = {}
  for (const side of INVITATION_DOCUMENTS) {
    const problem = files[side] ? imageFileProblem(files[side]) : UPLOAD_MESSAGES.required
    if (problem) errors[side] = problem
  }
  return errors
}

/**
 * An invitation to the address the visitor is signed in with: their existing account joins by this button, its own
 * act (docs/decisions/039); signed in as another address, nothing joins and the page says how to go on.
 */
function JoinWithAccount({ token, email, signedInAs }: { token: string; email: string; signedInAs: string }) {
  const join = useJoinWithAccount()
  const navigate = useNavigate()
  if (signedInAs.toLowerCase() !== email) return <Alert tone="error">{TEAM_MESSAGES.otherAccount}</Alert>
  return (
    <div className="mt-6 space-y-4">
      {join.isError && <Alert tone="error">{serverText(join.error, TEAM_MESSAGES.invitationClosed)}</Alert>}
      <Button
        isBusy={join.isPending}
        onClick={() =>
          join.mutate(token, {
            onSuccess: (answer) => {
              const state: NoticeState = { notice: answer.message, tone: 'success' }
              navigate(paths.team, { state })
            },
          })
        }
      >
        Join with this account
      </Button>
    </div>
  )
}

/**
 * docs/product.md, 'Enterprise teams': the mailed invitation's page. The invitee sees the business, location and
 * role, then creates their own sign-in and uploads both sides of their own photo ID; then they log in. An invitee
 * signed in with the invited address joins with that account instead.
 */
export function JoinTeamPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const navigate = useNavigate()
  const preview = useInvitationPreview(token)
  const session = useSession()
  const join = useJoinTeam()
  const [files, setFiles] = useState<IdFiles>({ frontId: null, backId: null })
  const [fileErrors, setFileErrors] = useState<Partial<Record<IdSide, string>>>({})
  const formRef = useRef<HTMLFormElement>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, submitCount },
  } = useForm({
    resolver: zodResolver(JoinTeamFormSchema),
    shouldFocusError: false,
    defaultValues: { fname: '', lname: '', phone: '', password: '', confirmPassword: '', state: '' },
  })
  useFocusFirstInvalid(formRef, submitCount)

  const send = (form: JoinTeamForm) => {
    const problems = idErrorsOf(files)
    setFileErrors(problems)
    if (Object.keys(problems).length > 0) return
    const body = new FormData()
    body.set('token', token)
    for (const field of ['fname', 'lname', 'phone', 'password', 'state'] as const) body.set(field, form[field])
    for (const side of INVITATION_DOCUMENTS) {
      const file = files[side]
      if (file) body.set(side, file)
    }
    join.mutate(body, {
      onSuccess: (answer) => {
        const state: NoticeState = { notice: answer.message, tone: 'success' }
        navigate(paths.login, { state })
      },
    })
  }
  const onSubmit = handleSubmit(send, () => setFileErrors(idErrorsOf(files)))

  if (!token || preview.isError) {
    return (
      <PageFrame title="Join your team" width="narrow">
        <Alert tone="error">
          {preview.isError ? serverText(preview.error, TEAM_MESSAGES.invitationInvalid) : TEAM_MESSAGES.invitationInvalid}
        </Alert>
      </PageFrame>
    )
  }
  if (!preview.data) {
    return (
      <PageFrame title="Join your team" width="narrow">
        <Spinner label="Opening your invitation..." />
      </PageFrame>
    )
  }
  const invitation = preview.data
  return (
    <PageFrame
      title="Join your team"
      description={`${invitation.businessName} invites you as ${TEAM_ROLE_LABELS[invitation.role].toLowerCase()} at ${invitation.locationName}.`}
      width="narrow"
    >
      <p className="text-sm text-slate-700">
        {TEAM_ROLE_POWERS[invitation.role]}. You sign in as {invitation.email}; the invitation works until {longDate(invitation.expiresAt)}.
      </p>
      {session.user ? (
        <JoinWithAccount token={token} email={invitation.email} signedInAs={session.user.email} />
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700">
            Already have a Keydesk account with this address?{' '}
            <Link className="text-brand-700 underline" to={paths.login}>
              Log in
            </Link>
            , then open this link again to join with it.
          </p>
          <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
            {join.isError && <Alert tone="error">{serverText(join.error, AUTH_MESSAGES.registrationFailed)}</Alert>}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="First name" autoComplete="given-name" error={errors.fname?.message} {...register('fname')} />
              <TextField label="Last name" autoComplete="family-name" error={errors.lname?.message} {...register('lname')} />
            </div>
            <TextField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              error={errors.password?.message}
              {...register('password')}
            />
            <TextField
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
            <SelectField
              label="State or province"
              placeholder="Select your state or province"
              groups={REGION_GROUPS}
              error={errors.state?.message}
              {...register('state')}
            />
            <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
              <legend className="px-1 text-sm font-semibold text-slate-800">Your government photo ID ({IMAGE_HINT})</legend>
              {INVITATION_DOCUMENTS.map((side) => (
                <FileField
                  key={side}
                  label={DOCUMENT_NAMES[side]}
                  name={side}
                  accept={IMAGE_ACCEPT}
                  error={fileErrors[side]}
                  onChange={(event) => {
                    const file = event.currentTarget.files?.[0] ?? null
                    setFiles((current) => ({ ...current, [side]: file }))
                    setFileErrors((current) => ({
                      ...current,
                      [side]: (file ? imageFileProblem(file) : UPLOAD_MESSAGES.required) ?? undefined,
                    }))
                  }}
                />
              ))}
            </fieldset>
            <Button type="submit" isBusy={join.isPending} className="w-full">
              Join the team
            </Button>
          </form>
        </>
      )}
    </PageFrame>
  )
}
