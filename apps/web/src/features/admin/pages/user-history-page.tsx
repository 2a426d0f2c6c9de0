import { zodResolver } from '@hookform/resolvers/zod'
import { UserHistoryFormSchema } from '@keydesk/contracts/admin'
import { REQUEST_STATUS_LABELS } from '@keydesk/contracts/request-status'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { CellLabel } from '../../../components/ui/cell-label.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
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
      <div className="mt-6">
        {history.isFetching && <Spinner />}
        {history.isError && <Alert tone="error">Failed to fetch user history.</Alert>}
        {history.data?.length === 0 && <p>No history found for this email.</p>}
        {history.data && history.data.length > 0 && (
          // At phone width each transaction is a card with its labels: four columns side by side collided at 390 px.
          <table aria-label={`History of ${email}`} className="block w-full text-left text-sm md:table">
            <thead className="hidden md:table-header-group">
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-3">
                  Confirmation
                </th>
                <th scope="col" className="py-2 pr-3">
                  Status
                </th>
                <th scope="col" className="py-2">
                  Vehicle
                </th>
              </tr>
            </thead>
            <tbody className="block space-y-2 md:table-row-group md:space-y-0">
              {history.data.map((entry) => (
                <tr
                  key={entry.transactionId}
                  className="block rounded-lg border border-slate-200 bg-white p-3 md:table-row md:rounded-none md:border-0 md:border-b md:border-slate-100 md:bg-transparent md:p-0"
                >
                  <td className="block md:table-cell md:py-2 md:pr-3">
                    {/* The order goes by its confirmation number, as the member's receipt names it; an unpaid one has none yet. */}
                    <CellLabel>Confirmation</CellLabel>
                    <span className="font-mono">{entry.confirmationNumber ?? 'Not paid yet'}</span>
                  </td>
                  <td className="block md:table-cell md:py-2 md:pr-3">
                    <CellLabel>Status</CellLabel>
                    {REQUEST_STATUS_LABELS[entry.status]}
                  </td>
                  <td className="block md:table-cell md:py-2">
                    <CellLabel>Vehicle</CellLabel>
                    {entry.make} {entry.model} · <span className="break-all font-mono">{entry.vin}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </PageFrame>
  )
}
