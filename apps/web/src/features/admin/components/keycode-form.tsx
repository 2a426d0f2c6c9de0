import { zodResolver } from '@hookform/resolvers/zod'
import type { AdminRequest } from '@keydesk/contracts/admin'
import {
  ADMIN_MESSAGES,
  KEY_TYPE_LABELS,
  KeycodeFormSchema,
  type KeycodeForm as KeycodeFormValues,
  type ProcessRequestBody,
  releaseConfirmation,
  releaseGateFormSchema,
} from '@keydesk/contracts/admin'
import { DISPUTE_HOLD_REFUSALS } from '@keydesk/contracts/disputes'
import { DOCUMENT_NAMES } from '@keydesk/contracts/documents'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { ApiError, failureText } from '../../../lib/api-client.ts'
import { ADMIN_FAILURES } from '../admin-error-text.ts'
import { useKeyBlankSuggestions, useProcessRequest } from '../api/use-admin-queue.ts'
import { releaseReadiness } from '../release-readiness.ts'

type GateAnswer = Pick<ProcessRequestBody, 'identityChecked' | 'overrideReason'>

/**
 * Refusals of the release gate that no reason overrides: the buyer cannot sign in, no one can receive the code, or a
 * dispute holds the order (docs/decisions/028).
 */
const UNRELEASABLE = new Set<string>([
  ADMIN_MESSAGES.releaseAccountRevoked,
  ADMIN_MESSAGES.releaseNoRecipient,
  ...Object.values(DISPUTE_HOLD_REFUSALS),
])

/** The photos a guest's identity is checked against: the licence, or the ID photos of older orders. */
function identityPhotos(request: AdminRequest) {
  const photos =
    request.licenseFront || request.licenseBack
      ? [
          { src: request.licenseFront, label: DOCUMENT_NAMES.licenseFront },
          { src: request.licenseBack, label: DOCUMENT_NAMES.licenseBack },
        ]
      : [
          { src: request.frontId, label: DOCUMENT_NAMES.frontId },
          { src: request.backId, label: DOCUMENT_NAMES.backId },
        ]
  return photos.flatMap(({ src, label }) => (src ? [{ src, label }] : []))
}

/**
 * One licence photo inside the release dialog, zoomed in place (a second modal over this one would hide the
 * question): a click switches between the thumbnail and the photo at the dialog's full width.
 */
function ZoomablePhoto({ src, label }: { src: string; label: string }) {
  const [isZoomed, setIsZoomed] = useState(false)
  return (
    <figure className={isZoomed ? 'w-full' : ''}>
      <button
        type="button"
        aria-pressed={isZoomed}
        aria-label={`Zoom ${label}`}
        onClick={() => setIsZoomed((zoomed) => !zoomed)}
        className={`block rounded-md border border-slate-200 p-1 hover:border-brand-600 ${isZoomed ? 'w-full cursor-zoom-out' : 'cursor-zoom-in'}`}
      >
        <img
          src={src}
          alt={label}
          className={isZoomed ? 'max-h-[60vh] w-full rounded object-contain' : 'h-28 w-40 rounded bg-slate-100 object-cover'}
        />
      </button>
      <figcaption className="mt-1 text-xs text-slate-700">
        {label} ·{' '}
        <a className="text-brand-700 underline" href={src} target="_blank" rel="noopener noreferrer">
          open full size
        </a>
      </figcaption>
    </figure>
  )
}

/** What the guest typed at checkout and the licence photos, side by side with the question about them. */
function GuestIdentity({ request }: { request: AdminRequest }) {
  const photos = identityPhotos(request)
  return (
    <div className="space-y-3 rounded-md border border-slate-200 p-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-slate-700">Name typed at checkout</dt>
        <dd className="break-words">{request.checkoutName ?? 'none given'}</dd>
        <dt className="font-medium text-slate-700">E-mail typed at checkout</dt>
        <dd className="break-all">{request.checkoutEmail ?? 'none given'}</dd>
      </dl>
      {photos.length === 0 ? (
        <p className="text-sm text-red-800">No licence photos are on this order.</p>
      ) : (
        <div className="flex flex-wrap gap-3">
          {photos.map((photo) => (
            <ZoomablePhoto key={photo.label} src={photo.src} label={photo.label} />
          ))}
        </div>
      )}
    </div>
  )
}

/**
 * The release gate's questions (decision 013): a guest's identity checked against the licence photos, or a reason
 * to release anyway; for a member whose account is not validated, the reason.
 */
function ReleaseDialog({
  request,
  isOpen,
  isBusy,
  serverMessage,
  onCancel,
  onRelease,
}: {
  request: AdminRequest
  isOpen: boolean
  isBusy: boolean
  serverMessage: string | null
  onCancel: () => void
  onRelease: (gate: GateAnswer) => void
}) {
  const form = useForm({
    resolver: zodResolver(releaseGateFormSchema(request.isGuest)),
    defaultValues: { identityChecked: false, overrideReason: '' },
  })
  const problem = form.formState.errors.overrideReason?.message
  const reasonId = useId()
  const problemId = useId()

  const submit = form.handleSubmit(({ identityChecked, overrideReason }) =>
    onRelease({ ...(identityChecked ? { identityChecked: true } : {}), ...(overrideReason ? { overrideReason } : {}) }),
  )

  return (
    <Dialog isOpen={isOpen} title="Before this keycode is released" onClose={onCancel} isWide={request.isGuest}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-slate-700">
          {serverMessage ?? (request.isGuest ? ADMIN_MESSAGES.releaseGuestUnchecked : ADMIN_MESSAGES.releaseNotValidated)}
        </p>
        {request.isGuest && <GuestIdentity request={request} />}
        {request.isGuest && (
          <label className="flex items-start gap-3">
            <input type="checkbox" className="mt-0.5 h-5 w-5" {...form.register('identityChecked')} />I checked that the licence photos
            match this request.
          </label>
        )}
        <div>
          <label htmlFor={reasonId} className="block text-sm font-medium text-slate-800">
            {request.isGuest ? 'Or the reason to release it anyway' : 'Reason to release it anyway'}
          </label>
          <textarea
            id={reasonId}
            rows={3}
            maxLength={500}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            className="mt-1 w-full rounded-md border border-slate-300 p-2"
            {...form.register('overrideReason')}
          />
          <p className="text-xs text-slate-600">Kept with the release and in the audit export.</p>
          {problem && (
            <p id={problemId} role="alert" className="mt-1 text-sm text-red-700">
              {problem}
            </p>
          )}
        </div>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" isBusy={isBusy}>
            Release keycode
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

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
  const process = useProcessRequest()
  const form = useForm({
    resolver: zodResolver(KeycodeFormSchema),
    defaultValues: { keycode: '', pincode: '', keyBlank: '', transponder: '' },
  })
  const keyBlanks = useKeyBlankSuggestions(request.id)
  const keyBlankListId = useId()
  /** The checked keycode and PIN wait here while the release gate asks its questions. */
  const [gate, setGate] = useState<{ code: KeycodeFormValues; serverMessage: string | null } | null>(null)
  const needsGate = releaseReadiness(request).kind === 'asks'

  function send({ keycode, pincode, keyBlank, transponder }: KeycodeFormValues, extra: GateAnswer) {
    process.mutate(
      {
        vehicleId: request.id,
        keycode,
        ...(pincode ? { pincode } : {}),
        ...(keyBlank ? { keyBlank } : {}),
        ...(transponder ? { transponder } : {}),
        ...extra,
      },
      {
        onSuccess: (answer) => {
          setGate(null)
          onReleased(releaseConfirmation(keycode, answer, `${request.year} ${request.make} ${request.model}`))
        },
        onError: (error) => {
          // No reason lifts these two refusals, so they are said, not asked about.
          if (error instanceof ApiError && UNRELEASABLE.has(error.message)) {
            setGate(null)
            return onError(error.message)
          }
          // The gate refused (the account changed meanwhile): ask for what it needs instead of a toast.
          if (error instanceof ApiError && error.status === 409 && error.code === 'CONFLICT')
            return setGate({ code: { keycode, pincode, keyBlank, transponder }, serverMessage: error.message })
          setGate(null)
          onError(failureText(error, ADMIN_FAILURES.processRequest))
        },
      },
    )
  }

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
        <Button type="submit" isBusy={process.isPending && gate === null}>
          Submit keycode
        </Button>
      </form>
      <ReleaseDialog
        request={request}
        isOpen={gate !== null}
        isBusy={process.isPending}
        serverMessage={gate?.serverMessage ?? null}
        onCancel={() => setGate(null)}
        onRelease={(answer) => {
          if (gate) send(gate.code, answer)
        }}
      />
    </>
  )
}
