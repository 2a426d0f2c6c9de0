import { zodResolver } from '@hookform/resolvers/zod'
import { type AdminRequest, KEY_TYPE_LABELS, KeycodeFormSchema } from '@keydesk/contracts/admin'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useKeyBlankSuggestions } from '../api/use-admin-queue.ts'
import { releaseReadiness } from '../release-readiness.ts'
import { useKeycodeRelease } from '../use-keycode-release.ts'
import { ReleaseDialog } from './release-dialog.tsx'

/**
 * docs/product.md, 'Back office (admins and super admins)', keycode submission: keycode required, PIN optional; the release gate asks what it needs.
 * A release is reported with what it did (onReleased), so the admin knows which order went out and where. The order
 * panel offers it only to an order the gate does not hold (releaseReadiness); the panel's verdict says why otherwise.
 */
export function KeycodeForm({
  request,
  onError,
  onReleased,
}: {
  request: AdminRequest
  onError: (message: string) => void
  onReleased: (confirmation: string) => void
}) {
  const form = useForm({
    resolver: zodResolver(KeycodeFormSchema),
    defaultValues: { keycode: '', pincode: '', keyBlank: '', transponder: '' },
  })
  const keyBlanks = useKeyBlankSuggestions(request.id)
  const keyBlankListId = useId()
  const { gate, setGate, send, isSending } = useKeycodeRelease(request, { onError, onReleased })
  const needsGate = releaseReadiness(request).kind === 'asks'

  const onSubmit = form.handleSubmit((code) => (needsGate ? setGate({ code, serverMessage: null }) : send(code, {})))

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="mt-3 grid gap-2 sm:grid-cols-3 sm:items-end">
        <TextField label="Keycode" aria-keyshortcuts="K" error={form.formState.errors.keycode?.message} {...form.register('keycode')} />
        <TextField label="PIN (optional)" error={form.formState.errors.pincode?.message} {...form.register('pincode')} />
        <TextField
          label={`${KEY_TYPE_LABELS.keyBlank} (optional)`}
          list={keyBlankListId}
          autoComplete="off"
          error={form.formState.errors.keyBlank?.message}
          {...form.register('keyBlank')}
        />
        <datalist id={keyBlankListId}>
          {keyBlanks.data?.keyBlanks.map((keyBlank) => (
            <option key={keyBlank} value={keyBlank} />
          ))}
        </datalist>
        <TextField
          label={`${KEY_TYPE_LABELS.transponder} (optional)`}
          error={form.formState.errors.transponder?.message}
          {...form.register('transponder')}
        />
        <Button type="submit" isBusy={isSending && gate === null}>
          Submit keycode
        </Button>
      </form>
      <ReleaseDialog
        request={request}
        isOpen={gate !== null}
        isBusy={isSending}
        serverMessage={gate?.serverMessage ?? null}
        onCancel={() => setGate(null)}
        onRelease={(answer) => {
          if (gate) send(gate.code, answer)
        }}
      />
    </>
  )
}
