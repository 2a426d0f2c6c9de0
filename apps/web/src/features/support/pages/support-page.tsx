import { zodResolver } from '@hookform/resolvers/zod'
import { CONTACT_MESSAGES, type ContactMessage, ContactMessageSchema, SUPPORT_HOURS } from '@keydesk/contracts/support'
import { useForm } from 'react-hook-form'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useSendContact } from '../api/use-send-contact.ts'

/** docs/product.md, 'Member area, chat and support', Support: the contact form; every field required. */
export function SupportPage() {
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
        {send.isSuccess && <Alert tone="success">{CONTACT_MESSAGES.sent}</Alert>}
        {send.isError && <Alert tone="error">{CONTACT_MESSAGES.failed}</Alert>}
        <Button type="submit" isBusy={send.isPending}>
          Send message
        </Button>
      </form>
    </PageFrame>
  )
}
