import { zodResolver } from '@hookform/resolvers/zod'
import { AUTH_MESSAGES } from '@keydesk/contracts/auth-messages'
import { INVITATION_DOCUMENTS, type JoinTeamForm, JoinTeamFormSchema } from '@keydesk/contracts/teams'
import { useRef } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { paths } from '../../../lib/paths.ts'
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts'
import type { NoticeState } from '../../session/notice-state.ts'
import { useJoinTeam } from '../api/use-join-team.ts'
import { serverText } from '../failure-text.ts'
import { useImageFiles } from '../use-image-files.ts'
import { AccountFields } from './account-fields.tsx'
import { PhotoIdUploads } from './photo-id-uploads.tsx'

/**
 * A signed-out invitee creates their own sign-in (name, phone, password, state) with both sides of their photo ID;
 * then they log in. One with an account of this address is told to log in first and join with it.
 */
export function JoinWithNewAccount({ token }: { token: string }) {
  const navigate = useNavigate()
  const join = useJoinTeam()
  const images = useImageFiles(INVITATION_DOCUMENTS)
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
    if (!images.checkAll()) return
    const body = new FormData()
    body.set('token', token)
    for (const field of ['fname', 'lname', 'phone', 'password', 'state'] as const) body.set(field, form[field])
    images.addTo(body)
    join.mutate(body, {
      onSuccess: (answer) => {
        const state: NoticeState = { notice: answer.message, tone: 'success' }
        navigate(paths.login, { state })
      },
    })
  }
  const onSubmit = handleSubmit(send, images.checkAll)

  return (
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
        <AccountFields register={register} errors={errors} />
        <PhotoIdUploads errors={images.errors} onChoose={images.choose} />
        <Button type="submit" isBusy={join.isPending} className="w-full">
          Join the team
        </Button>
      </form>
    </>
  )
}
