import { type MouseEvent, useState } from 'react'
import type { EnlargedDocument } from './document-image-dialog.tsx'

/** A thumbnail that enlarges on click; a file the browser cannot show as an image (a PDF) becomes a plain link. */
export function DocumentThumbnail({ src, label, onEnlarge }: { src: string; label: string; onEnlarge: (image: EnlargedDocument) => void }) {
  const [isUnviewable, setIsUnviewable] = useState(false)
  if (isUnviewable) {
    return (
      <a className="w-28 shrink-0 break-words text-sm text-brand-600 hover:underline" href={src} target="_blank" rel="noopener noreferrer">
        {label} (open file)
      </a>
    )
  }
  return (
    <button
      type="button"
      aria-label={`Enlarge ${label}`}
      onClick={(event: MouseEvent<HTMLButtonElement>) => onEnlarge({ src, label, opener: event.currentTarget })}
      // One width for every thumbnail, however long its label, so the cards beside them line up.
      className="flex w-28 shrink-0 flex-col items-center gap-1 rounded-md border border-slate-200 p-1 hover:border-brand-600"
    >
      <img src={src} alt="" className="h-16 w-24 rounded bg-slate-100 object-cover" onError={() => setIsUnviewable(true)} />
      <span className="break-words text-center text-xs text-slate-700">{label}</span>
    </button>
  )
}
