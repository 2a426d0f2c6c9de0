import { zodResolver } from '@hookform/resolvers/zod'
import { ADMIN_MESSAGES, type AdminRequest, type ProcessRequestBody, releaseGateFormSchema } from '@keydesk/contracts/admin'
import { DOCUMENT_NAMES } from '@keydesk/contracts/documents'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'

/** What the release gate was answered: the guest's identity checked, or the reason to release anyway. */
export type GateAnswer = Pick<ProcessRequestBody, 'identityChecked' | 'overrideReason'>

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
export function ReleaseDialog({
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
