import { zodResolver } from '@hookform/resolvers/zod'
import { AdminSearchFormSchema } from '@keydesk/contracts/admin'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'

export const DASHBOARD_SEARCH_LABEL = 'Search by VIN, confirmation number, e-mail, name or batch'
export const USER_SEARCH_LABEL = 'Search by name, e-mail, phone or company'

export interface SearchFormProps {
  /** Names the form for assistive technology, e.g. 'Search users'. */
  name: string
  label: string
  value: string
  onChange: (search: string) => void
}

/**
 * The back office's search box (decision 016): terms match from their start, so the search runs on submit rather
 * than on every keystroke; Clear shows while a search is applied.
 */
export function SearchForm({ name, label, value, onChange }: SearchFormProps) {
  const form = useForm({ resolver: zodResolver(AdminSearchFormSchema), defaultValues: { search: value } })
  const { errors } = form.formState
  // A search applied from elsewhere (a batch label in a queue) shows in the box, so Clear and the next edit start from it.
  useEffect(() => {
    if (form.getValues('search') !== value) form.reset({ search: value })
  }, [form, value])

  function clear() {
    form.reset({ search: '' })
    onChange('')
  }

  return (
    <form aria-label={name} onSubmit={form.handleSubmit(({ search }) => onChange(search))} className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 basis-64">
        <TextField label={label} maxLength={100} error={errors.search?.message} {...form.register('search')} />
      </div>
      <Button type="submit">Search</Button>
      {value && (
        <Button variant="secondary" onClick={clear}>
          Clear
        </Button>
      )}
    </form>
  )
}
