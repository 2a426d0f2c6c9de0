import { zodResolver } from '@hookform/resolvers/zod'
import { AdminCodeRequestBodySchema } from '@keydesk/contracts/accounts-api'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useSendAdminCode } from '../api/use-super-admin.ts'
import type { Notify } from '../notice.ts'

/** docs/product.md, 'Super admin': mails a future admin the code their registration asks for. */
export function SendAdminCodeForm({ onNotice }: { onNotice: Notify }) {
  const sendCode = useSendAdminCode()
  const form = useForm({
    resolver: zodResolver(AdminCodeRequestBodySchema),
    defaultValues: { email: '', firstName: '', lastName: '' },
  })
  const errors = form.formState.errors
  const failed = () => onNotice({ tone: 'error', text: 'Failed to send admin code' })
  const onSubmit = form.handleSubmit(
    (values) =>
      sendCode.mutate(values, {
        onSuccess: (answer) => {
          onNotice({ tone: 'success', text: answer.message })
          form.reset()
        },
        onError: failed,
      }),
    failed,
  )

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-labelledby="send-code">
      <h2 id="send-code" className="text-xl font-semibold">
        Send admin registration code
      </h2>
      <TextField label="Admin e-mail" type="email" error={errors.email?.message} {...form.register('email')} />
      <TextField label="Admin first name" error={errors.firstName?.message} {...form.register('firstName')} />
      <TextField label="Admin last name" error={errors.lastName?.message} {...form.register('lastName')} />
      <Button type="submit" isBusy={sendCode.isPending}>
        Send code
      </Button>
    </form>
  )
}
