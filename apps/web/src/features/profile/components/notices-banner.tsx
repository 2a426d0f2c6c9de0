import { useNotices } from '../api/use-notices.ts'

/** The notices banner (docs/product.md, 'Member area, chat and support'); nothing shows when there is no notice or they cannot be loaded. */
export function NoticesBanner() {
  const notices = useNotices()
  if (!notices.data || notices.data.length === 0) return null
  return (
    <section aria-label="Notices" className="mb-6 space-y-2 rounded-md border border-brand-600/30 bg-brand-50 p-4 text-brand-900">
      {notices.data.map((notice) => (
        <article key={notice.id}>
          <h2 className="font-semibold">
            {notice.title} <span className="text-xs font-normal text-slate-600">{new Date(notice.date).toLocaleDateString()}</span>
          </h2>
          <p className="text-sm">{notice.message}</p>
        </article>
      ))}
    </section>
  )
}
