import { zodResolver } from '@hookform/resolvers/zod'
import type { AdminRequest } from '@keydesk/contracts/admin'
import {
  NO_KEYCODE_REASON_LABELS,
  NO_KEYCODE_REASONS,
  NOTE_MAX,
  type NoKeycodeForm,
  NoKeycodeFormSchema,
  type NoKeycodeReason,
  REFUND_ARRIVAL_SENTENCE,
} from '@keydesk/contracts/keycode-refunds'
import { formatDollars, toCents } from '@keydesk/contracts/money'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { controlClass, FieldShell } from '../../../components/ui/field-shell.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { failureText } from '../../../lib/api-client.ts'
import { useEndWithoutKeycode } from '../api/use-admin-queue.ts'

const REASON_OPTIONS = (Object.keys(NO_KEYCODE_REASON_LABELS) as NoKeycodeReason[]).map((reason) => ({
  value: reason,
  label: NO_KEYCODE_REASON_LABELS[reason],
}))

const FAILED = 'The order could not be ended. Please try again.'

/**
 * "No keycode available" beside the release (docs/decisions/026): the admin chooses why and writes the buyer a note;
 * the server refunds the line the order paid and ends the order. What the buyer will be told is shown before it goes.
 */
export function NoKeycodeButton({ request, onEnded }: { request: AdminRequest; onEnded: (message: string) => void }) {
  const [isOpen, setIsOpen] = useState(false)
  const end = useEndWithoutKeycode()
  const form = useForm<NoKeycodeForm>({ resolver: zodResolver(NoKeycodeFormSchema), defaultValues: { reason: '', note: '' } })
  const reason = form.watch('reason')
  const vehicle = `${request.year} ${request.make} ${request.model}`
  const paidCents = toCents(request.paidPrice ?? request.price)

  const close = () => {
    end.reset()
    form.reset()
    setIsOpen(false)
  }
  const submit = form.handleSubmit(({ reason: chosen, note }) => {
    if (chosen === '') return
    end.mutate(
      { id: request.id, reason: chosen, note },
      {
        onSuccess: (answer) => {
          close()
          onEnded(answer.message)
        },
      },
    )
  })

  return (
    <>
      {/* No aria-label naming the vehicle: the order's details region names it, and a label here would make the
          panel's "Keycode" field ambiguous to anyone finding fields by their label. */}
      <Button variant="secondary" onClick={() => setIsOpen(true)}>
        No keycode available
      </Button>
      <Dialog isOpen={isOpen} title="End this order as no keycode available?" onClose={close}>
        <form onSubmit={submit} noValidate className="space-y-4 text-sm text-slate-700">
          <p>
            The {vehicle} (VIN ending {request.vin.slice(-4)}) leaves the queue and its {formatDollars(paidCents)} are refunded to the
            buyer's card. The buyer is e-mailed the reason and your note. {REFUND_ARRIVAL_SENTENCE}
          </p>
          <SelectField
            label="Why no keycode is available"
            placeholder="Choose a reason"
            options={REASON_OPTIONS}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          {reason !== '' && <p className="text-slate-600">The buyer reads: “{NO_KEYCODE_REASONS[reason]}”</p>}
          <FieldShell label="Note to the buyer" error={form.formState.errors.note?.message} hint="Shown in the e-mail and on the order.">
            {(control) => <textarea {...control} rows={3} maxLength={NOTE_MAX} className={controlClass} {...form.register('note')} />}
          </FieldShell>
          {end.isError && <Alert tone="error">{failureText(end.error, FAILED)}</Alert>}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={close}>
              Keep the order
            </Button>
            <Button type="submit" variant="danger" isBusy={end.isPending}>
              End order and refund {formatDollars(paidCents)}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  )
}
