import { zodResolver } from '@hookform/resolvers/zod'
import { type AdminAccount, RevokeAdminFormSchema } from '@keydesk/contracts/accounts-api'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'

export interface RevokeAdminDialogProps {
  admin: AdminAccount | null
  isBusy: boolean
  onCancel: () => void
  onConfirm: (reason: string) => void
}

/** Revoking cannot be undone from the screen, so it is confirmed here, with the reason the revoked list will show. */
export function RevokeAdminDialog({ admin, isBusy, onCancel, onConfirm }: RevokeAdminDialogProps) {
  const form = useForm({ resolver: zodResolver(RevokeAdminFormSchema), defaultValues: { reason: '' } })
  const close = () => {
    form.reset()
    onCancel()
  }
  const submit = form.handleSubmit((values) => onConfirm(values.reason))
  return (
    <Dialog isOpen={admin !== null} title="Revoke admin access" onClose={close}>
      {admin && (
        <form onSubmit={submit} noValidate className="space-y-4">
          <p className="text-slate-700">
            {admin.fname} {admin.lname} ({admin.email}) will be signed out everywhere at once and can no longer sign in.
          </p>
          <TextField label="Reason for revoking" error={form.formState.errors.reason?.message} {...form.register('reason')} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" isBusy={isBusy}>
              Revoke access
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  )
}
