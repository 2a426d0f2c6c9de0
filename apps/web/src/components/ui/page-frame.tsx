import { type ReactNode, useEffect } from 'react'

export interface PageFrameProps {
  title: string
  /** One line under the title. */
  description?: ReactNode
  /** Narrow pages (forms) read better at a shorter line length. */
  width?: 'narrow' | 'wide'
  children?: ReactNode
}

/** The frame of every screen: the page's one h1, its browser tab title and a centred column. */
export function PageFrame({ title, description, width = 'wide', children }: PageFrameProps) {
  useEffect(() => {
    document.title = `${title} · Keydesk`
  }, [title])
  return (
    <div className={`mx-auto px-4 py-10 ${width === 'narrow' ? 'max-w-md' : 'max-w-6xl'}`}>
      <h1 className="text-3xl font-bold tracking-tight text-brand-900">{title}</h1>
      {description && <p className="mt-2 text-slate-600">{description}</p>}
      <div className="mt-8">{children}</div>
    </div>
  )
}
