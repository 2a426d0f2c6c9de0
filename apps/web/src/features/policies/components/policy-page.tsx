import type { ReactNode } from 'react'
import { PageFrame } from '../../../components/ui/page-frame.tsx'

export interface PolicySection {
  heading: string
  body: ReactNode
}

/** A static policy page; some show today's date as "last updated". */
export function PolicyPage({
  title,
  sections,
  showsLastUpdated = false,
}: {
  title: string
  sections: PolicySection[]
  showsLastUpdated?: boolean
}) {
  const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })
  return (
    <PageFrame title={title} description={showsLastUpdated ? `Last updated: ${today}` : undefined}>
      <div className="max-w-3xl space-y-8">
        {sections.map((section) => (
          <section key={section.heading}>
            <h2 className="text-xl font-semibold text-brand-900">{section.heading}</h2>
            <div className="mt-2 space-y-2 text-slate-700">{section.body}</div>
          </section>
        ))}
      </div>
    </PageFrame>
  )
}
