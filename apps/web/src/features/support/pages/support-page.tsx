import { zodResolver } from '@hookform/resolvers/zod'
import { CONTACT_MESSAGES, type ContactMessage, ContactMessageSchema, SUPPORT_HOURS } from '@keydesk/contracts/support'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { paths } from '../../../lib/paths.ts'
import { useSession } from '../../session/use-session.ts'
import { useSendContact } from '../api/use-send-contact.ts'

/**
 * docs/product.md, 'Member area, chat and support', Support: the contact form; every field required. It opens a
 * conversation of the support inbox (docs/decisions/034), a signed-in member's under their account and plan.
 */
export function SupportPage() {
  const { user } = useSession()
  const send = useSendContact()
  const form = useForm<ContactMessage>({
    resolver: zodResolver(ContactMessageSchema),
    defaultValues: { name: '', email: '', subject: '', message: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => form.reset(),
    }),
  )

  return (
    <PageFrame title="Support" description={`Support hours: ${SUPPORT_HOURS}`} width="narrow">
      {user?.role === 'BASEUSER' && (
        <p className="mb-4 text-sm">
          Answers reach you by mail and in{' '}
          <Link to={paths.mySupport} className="font-semibold text-brand-700 underline">
            your support conversations
          </Link>
          .
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <TextField label="Subject" error={errors.subject?.message} {...form.register('subject')} />
        <div>
          <label htmlFor="support-message" className="block text-sm font-medium text-slate-800">
            Message
          </label>
          <textarea
            id="support-message"
            rows={6}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? 'support-message-error' : undefined}
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
            {...form.register('message')}
          />
          {errors.message && (
            <p id="support-message-error" className="mt-1 text-sm text-red-700">
              {errors.message.message}
            </p>
          )}
        </div>
        {/* The server's words: an Enterprise message outside support hours says the admins on call were alerted. */}
        {send.isSuccess && <Alert tone="success">{send.data.message}</Alert>}
        {send.isError && <Alert tone="error">{CONTACT_MESSAGES.failed}</Alert>}
        <Button type="submit" isBusy={send.isPending}>
          Send message
        </Button>
      </form>
    </PageFrame>
  )
}
