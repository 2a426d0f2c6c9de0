import { type ReactNode, useId, useLayoutEffect, useRef } from 'react'

export interface DialogProps {
  isOpen: boolean
  title: string
  onClose: () => void
  children: ReactNode
  /** Room for images beside the text (a guest's licence photos); the default suits a form or a question. */
  isWide?: boolean
}

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and restores focus;
 * we only keep its open state in step with React's.
 */
export function Dialog({ isOpen, title, onClose, children, isWide = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  // Before any effect of the page: closing gives focus back to the opener, and a page that then moves focus to the
  // action's result (a message, an updated row) must come after that, not be undone by it.
  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (isOpen && !dialog.open) dialog.showModal()
    if (!isOpen && dialog.open) dialog.close()
  }, [isOpen])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      // Never taller or wider than the screen it opens on: a phone scrolls inside it to reach its last field and buttons.
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-y-auto ${isWide ? 'max-w-3xl' : 'max-w-lg'} rounded-xl p-0 shadow-xl backdrop:bg-slate-900/50`}
    >
      {isOpen && (
        <div className="p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold text-brand-900">
              {title}
            </h2>
            <button type="button" onClick={onClose} aria-label="Close" className="rounded px-2 text-xl leading-none text-slate-500">
              ×
            </button>
          </div>
          <div className="mt-4">{children}</div>
        </div>
      )}
    </dialog>
  )
}
