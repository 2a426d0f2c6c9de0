import { zodResolver } from '@hookform/resolvers/zod'
import {
  NOTE_MAX,
  REFUND_ARRIVAL_SENTENCE,
  SUPER_ADMIN_REFUND_REASON_LABELS,
  SUPER_ADMIN_REFUND_REASONS,
  type SuperAdminRefundForm,
  SuperAdminRefundFormSchema,
  type SuperAdminRefundReason,
} from '@keydesk/contracts/keycode-refunds'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { controlClass, FieldShell } from '../../../components/ui/field-shell.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { failureText } from '../../../lib/api-client.ts'
import { useSuperAdminRefund } from '../api/use-admin-queue.ts'

const REASON_OPTIONS = (Object.keys(SUPER_ADMIN_REFUND_REASON_LABELS) as SuperAdminRefundReason[]).map((reason) => ({
  value: reason,
  label: SUPER_ADMIN_REFUND_REASON_LABELS[reason],
}))

const FAILED = 'The line could not be refunded. Please try again.'

/**
 * A super admin pays back one keycode line of an order, released or not, on the policy's other grounds
 * (docs/decisions/027): a service failure or a payment processing error, with a note the buyer reads.
 */
export function SuperAdminRefundButton({
  vehicle,
  onRefunded,
}: {
  vehicle: { id: string; make: string; model: string; vin: string }
  onRefunded: (message: string) => void
}) {
  const [isOpen, setIsOpen] = useState(false)
  const refund = useSuperAdminRefund()
  const form = useForm<SuperAdminRefundForm>({ resolver: zodResolver(SuperAdminRefundFormSchema), defaultValues: { reason: '', note: '' } })
  const reason = form.watch('reason')
  const name = `${vehicle.make} ${vehicle.model} (VIN ending ${vehicle.vin.slice(-4)})`

  const close = () => {
    refund.reset()
    form.reset()
    setIsOpen(false)
  }
  const submit = form.handleSubmit(({ reason: chosen, note }) => {
    if (chosen === '') return
    refund.mutate(
      { id: vehicle.id, reason: chosen, note },
      {
        onSuccess: (answer) => {
          close()
          onRefunded(answer.message)
        },
      },
    )
  })

  return (
    <>
      <Button variant="link" onClick={() => setIsOpen(true)}>
        Refund line
      </Button>
      <Dialog isOpen={isOpen} title={`Refund the ${name}?`} onClose={close}>
        <form onSubmit={submit} noValidate className="space-y-4 text-sm text-slate-700">
          <p>
            What this line charged is refunded to the buyer's card and the order ends as refunded, even if its keycode was released. The
            buyer is e-mailed the reason and your note. {REFUND_ARRIVAL_SENTENCE}
          </p>
          <SelectField
            label="Policy ground"
            placeholder="Choose a ground"
            options={REASON_OPTIONS}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          {reason !== '' && <p className="text-slate-600">The buyer reads: “{SUPER_ADMIN_REFUND_REASONS[reason]}”</p>}
          <FieldShell label="Note to the buyer" error={form.formState.errors.note?.message} hint="Shown in the e-mail and on the order.">
            {(control) => <textarea {...control} rows={3} maxLength={NOTE_MAX} className={controlClass} {...form.register('note')} />}
          </FieldShell>
          {refund.isError && <Alert tone="error">{failureText(refund.error, FAILED)}</Alert>}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" isBusy={refund.isPending}>
              Refund line
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  )
}
