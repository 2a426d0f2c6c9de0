import { zodResolver } from '@hookform/resolvers/zod'
import { CONTACT_MESSAGES, type ContactMessage, ContactMessageSchema, SUPPORT_HOURS } from '@keydesk/contracts/support'
import { useForm } from 'react-hook-form'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { paths } from '../../../lib/paths.ts'
import { useSession } from '../../session/use-session.ts'
import { useOrdersToAttach } from '../api/use-orders-to-attach.ts'
import { useSendContact } from '../api/use-send-contact.ts'

/**
 * docs/product.md, 'Member area, chat and support', Support: the contact form; every field required. It opens a
 * conversation of the support inbox (docs/decisions/034), a signed-in member's under their account and plan.
 */
export function SupportPage() {
  const { user } = useSession()
  const isMember = user?.role === 'BASEUSER'
  const [search] = useSearchParams()
  const orders = useOrdersToAttach(isMember)
  const send = useSendContact()
  const form = useForm<ContactMessage>({
    resolver: zodResolver(ContactMessageSchema),
    // Opened from an order's card (?order=), the message is about that order until the member chooses otherwise.
    defaultValues: { name: '', email: '', subject: '', message: '', requestId: search.get('order') ?? undefined },
  })
  const { errors } = form.formState

  // Only an order the form offered is attached: a link's ?order= naming none of the member's paid orders is dropped.
  const onSubmit = form.handleSubmit(({ requestId, ...values }) => {
    const attached = orders.data?.some((order) => order.value === requestId) ? { requestId } : {}
    send.mutate({ ...values, ...attached }, { onSuccess: () => form.reset({ name: '', email: '', subject: '', message: '' }) })
  })

  return (
    <PageFrame title="Support" description={`Support hours: ${SUPPORT_HOURS}`} width="narrow">
      {isMember && (
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
        {isMember && orders.data && orders.data.length > 0 && (
          <SelectField
            label="About an order (optional)"
            placeholder="No order"
            options={orders.data}
            hint="Support sees the order with your message."
            error={errors.requestId?.message}
            {...form.register('requestId', { setValueAs: (value: string) => value || undefined })}
          />
        )}
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
