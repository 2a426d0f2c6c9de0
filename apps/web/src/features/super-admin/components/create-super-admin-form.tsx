import { zodResolver } from '@hookform/resolvers/zod'
import { CreateSuperAdminFormSchema } from '@keydesk/contracts/accounts-api'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useCreateSuperAdmin } from '../api/use-super-admin.ts'
import type { Notify } from '../notice.ts'

/** docs/product.md, 'Super admin': another super admin, with a temporary password and optional names. */
export function CreateSuperAdminForm({ onNotice }: { onNotice: Notify }) {
  const createSuperAdmin = useCreateSuperAdmin()
  const form = useForm({
    resolver: zodResolver(CreateSuperAdminFormSchema),
    defaultValues: { email: '', password: '', fname: '', lname: '', phone: '' },
  })
  const errors = form.formState.errors
  const onSubmit = form.handleSubmit((values) => {
    const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''))
    createSuperAdmin.mutate(filled, {
      // The form empties on success: a temporary password must not stay on screen.
      onSuccess: () => {
        onNotice({ tone: 'success', text: 'Super admin created successfully.' })
        form.reset()
      },
      onError: () => onNotice({ tone: 'error', text: 'Failed to create super admin. Only approved super admins can perform this action.' }),
    })
  })

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-labelledby="create-super-admin">
      <h2 id="create-super-admin" className="text-xl font-semibold">
        Create super admin
      </h2>
      <TextField label="Super admin e-mail" type="email" aria-required error={errors.email?.message} {...form.register('email')} />
      <TextField label="Temporary password" type="password" aria-required error={errors.password?.message} {...form.register('password')} />
      <TextField label="First name (default Super)" error={errors.fname?.message} {...form.register('fname')} />
      <TextField label="Last name (default Admin)" error={errors.lname?.message} {...form.register('lname')} />
      <TextField label="Phone (optional)" error={errors.phone?.message} {...form.register('phone')} />
      <Button type="submit" isBusy={createSuperAdmin.isPending}>
        Create super admin
      </Button>
    </form>
  )
}
