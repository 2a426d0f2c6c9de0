import { zodResolver } from '@hookform/resolvers/zod'
import { UserHistoryFormSchema } from '@keydesk/contracts/admin'
import { REQUEST_STATUS_LABELS } from '@keydesk/contracts/request-status'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useUserHistory } from '../api/use-admin-users.ts'

/** docs/product.md §8 "Admin user history". */
export function UserHistoryPage() {
  const form = useForm({ resolver: zodResolver(UserHistoryFormSchema), defaultValues: { email: '' } })
  const [email, setEmail] = useState<string | null>(null)
  const history = useUserHistory(email)

  const onSubmit = form.handleSubmit((values) => {
    if (values.email) setEmail(values.email)
  })

  return (
    <PageFrame title="User History">
      <form onSubmit={onSubmit} className="flex max-w-xl items-end gap-3">
        <div className="flex-1">
          <TextField label="Customer e-mail" type="email" error={form.formState.errors.email?.message} {...form.register('email')} />
        </div>
        <Button type="submit">Fetch history</Button>
      </form>
      <div className="mt-6">
        {history.isFetching && <Spinner />}
        {history.isError && <Alert tone="error">Failed to fetch user history.</Alert>}
        {history.data?.length === 0 && <p>No history found for this email.</p>}
        {history.data && history.data.length > 0 && (
          <table className="w-full border-collapse text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th className="py-2">Transaction</th>
                <th className="py-2">Status</th>
                <th className="py-2">Confirmation</th>
                <th className="py-2">Vehicle</th>
              </tr>
            </thead>
            <tbody>
              {history.data.map((entry) => (
                <tr key={entry.transactionId} className="border-b border-slate-100">
                  <td className="py-2 font-mono">{entry.transactionId.slice(0, 8)}</td>
                  <td className="py-2">{REQUEST_STATUS_LABELS[entry.status]}</td>
                  <td className="py-2">{entry.confirmationNumber ?? '–'}</td>
                  <td className="py-2">
                    {entry.make} {entry.model} · {entry.vin}
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
