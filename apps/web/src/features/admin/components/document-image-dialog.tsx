import { useEffect, useRef } from 'react'
import { Dialog } from '../../../components/ui/dialog.tsx'

export interface EnlargedDocument {
  src: string
  label: string
  /** The control that opened the image; focus goes back to it on close. */
  opener: HTMLElement
}

/**
 * docs/product.md, 'Back office (admins and super admins)': a document image clicked in a request panel, enlarged in a modal. The native dialog closes on
 * Escape and restores focus in browsers; both are also done here so they hold where <dialog> lacks them.
 */
export function DocumentImageDialog({ image, onClose }: { image: EnlargedDocument | null; onClose: () => void }) {
  const openerRef = useRef<HTMLElement | null>(null)

  useEffect(() => {
    if (image) {
      openerRef.current = image.opener
      return
    }
    // Runs after the Dialog's own effect has closed the modal, so the opener can take focus again.
    openerRef.current?.focus()
    openerRef.current = null
  }, [image])

  useEffect(() => {
    if (!image) return
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', closeOnEscape)
    return () => document.removeEventListener('keydown', closeOnEscape)
  }, [image, onClose])

  return (
    <Dialog isOpen={image !== null} title={image?.label ?? ''} onClose={onClose}>
      {image && (
        <figure>
          <img src={image.src} alt={image.label} className="max-h-[75vh] w-full rounded-md bg-slate-100 object-contain" />
          <figcaption className="mt-3 text-sm">
            <a className="text-brand-600 hover:underline" href={image.src} target="_blank" rel="noopener noreferrer">
              Open full size in a new tab
            </a>
          </figcaption>
        </figure>
      )}
    </Dialog>
  )
}
