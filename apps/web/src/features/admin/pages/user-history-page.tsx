import { zodResolver } from '@hookform/resolvers/zod'
import { UserHistoryFormSchema } from '@keydesk/contracts/admin'
import { REQUEST_STATUS_LABELS } from '@keydesk/contracts/request-status'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { DataTable } from '../../../components/ui/data-table.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useUserHistory } from '../api/use-admin-users.ts'

/** docs/product.md, 'Back office (admins and super admins)' "Admin user history". */
export function UserHistoryPage() {
  const form = useForm({ resolver: zodResolver(UserHistoryFormSchema), defaultValues: { email: '' } })
  const [email, setEmail] = useState<string | null>(null)
  const history = useUserHistory(email)

  const onSubmit = form.handleSubmit((values) => {
    if (values.email) setEmail(values.email)
  })

  return (
    <PageFrame title="User History">
      <form onSubmit={onSubmit} className="flex max-w-xl flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <TextField label="Customer e-mail" type="email" error={form.formState.errors.email?.message} {...form.register('email')} />
        </div>
        <Button type="submit">Fetch history</Button>
      </form>
      <div className="mt-6 space-y-3">
        {history.isError && <Alert tone="error">Failed to fetch user history.</Alert>}
        <DataTable
          label={`History of ${email}`}
          rows={history.data}
          rowKey={(entry) => entry.transactionId}
          loading={history.isFetching}
          empty="No history found for this email."
          columns={[
            // The order goes by its confirmation number, as the member's receipt names it; an unpaid one has none yet.
            { header: 'Confirmation', cell: (entry) => <span className="font-mono">{entry.confirmationNumber ?? 'Not paid yet'}</span> },
            { header: 'Status', cell: (entry) => REQUEST_STATUS_LABELS[entry.status] },
            {
              header: 'Vehicle',
              cell: (entry) => (
                <>
                  {entry.make} {entry.model} · <span className="break-all font-mono">{entry.vin}</span>
                </>
              ),
            },
          ]}
        />
      </div>
    </PageFrame>
  )
}
