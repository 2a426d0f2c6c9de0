import { zodResolver } from '@hookform/resolvers/zod'
import { type SupportReplyBody, SupportReplyBodySchema } from '@keydesk/contracts/support-inbox'
import { type ReactNode, useId } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button.tsx'

/** A message box for a reply or an answer; `extra` holds more fields (the admin's "close" choice). */
export function ReplyForm({
  label,
  submitLabel,
  isBusy,
  onSend,
  extra,
}: {
  label: string
  submitLabel: string
  isBusy: boolean
  onSend: (message: string, reset: () => void) => void
  extra?: ReactNode
}) {
  const id = useId()
  const form = useForm<SupportReplyBody>({ resolver: zodResolver(SupportReplyBodySchema), defaultValues: { message: '' } })
  const error = form.formState.errors.message?.message
  const submit = form.handleSubmit(({ message }) => onSend(message, () => form.reset()))
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-3">
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <textarea
          id={id}
          rows={4}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
          {...form.register('message')}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      {extra}
      <Button type="submit" isBusy={isBusy}>
        {submitLabel}
      </Button>
    </form>
  )
}
