import type { DevMail } from '@keydesk/contracts/dev-mailbox'
import { Fragment, useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useDevMailbox } from '../api/use-dev-mailbox.ts'

const URL_PATTERN = /(https?:\/\/[^\s]+)/g

/** The plain-text part, with its addresses as links (reset links, order links). */
function MailText({ text }: { text: string }) {
  return (
    <pre className="whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-4 font-sans text-sm text-slate-800">
      {/* Split on a capturing pattern: the odd parts are the addresses. The parts of one text never reorder. */}
      {text.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same address may appear twice in one mail
          <a key={index} href={part} className="text-brand-600 underline">
            {part}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: plain runs of text have no identity of their own
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </pre>
  )
}

function OpenMail({ mail }: { mail: DevMail }) {
  const [view, setView] = useState<'html' | 'text'>(mail.html ? 'html' : 'text')
  return (
    <article aria-labelledby="open-mail-subject" className="space-y-3">
      <h2 id="open-mail-subject" className="text-xl font-semibold">
        {mail.subject}
      </h2>
      <p className="text-sm text-slate-600">
        To {mail.to} · {new Date(mail.sentAt).toLocaleString()}
      </p>
      {mail.html && (
        <fieldset className="flex gap-2">
          <legend className="sr-only">Part shown</legend>
          <Button variant={view === 'html' ? 'primary' : 'secondary'} aria-pressed={view === 'html'} onClick={() => setView('html')}>
            HTML
          </Button>
          <Button variant={view === 'text' ? 'primary' : 'secondary'} aria-pressed={view === 'text'} onClick={() => setView('text')}>
            Plain text
          </Button>
        </fieldset>
      )}
      {view === 'html' && mail.html ? (
        // A sandbox with no permissions: the mail's HTML is shown, never run, and cannot reach this page.
        <iframe
          title={`HTML of ${mail.subject}`}
          sandbox=""
          srcDoc={mail.html}
          className="h-[36rem] w-full rounded-lg border border-slate-200"
        />
      ) : (
        <MailText text={mail.text} />
      )}
    </article>
  )
}

/** Development only: read every mail the app sent without an SMTP server (decision 013). */
export function DevMailboxPage() {
  const mailbox = useDevMailbox()
  const [openId, setOpenId] = useState<string | null>(null)
  const mails = mailbox.data ?? []
  const open = mails.find((mail) => mail.id === openId) ?? null

  return (
    <PageFrame
      title="Development mailbox"
      description="Every mail the app sent, newest first. It exists only in development without SMTP_URL."
    >
      {mailbox.isPending && <Spinner label="Loading mails..." />}
      {mailbox.isError &&
        (mailbox.error instanceof ApiError && mailbox.error.status === 404 ? (
          <Alert tone="info">The development mailbox is off: mail goes to the SMTP server, or this is production.</Alert>
        ) : (
          <Alert tone="error">Unable to load the mailbox. Is the server running?</Alert>
        ))}
      {mailbox.isSuccess && mails.length === 0 && <p className="text-slate-600">No mail sent yet.</p>}
      {mails.length > 0 && (
        <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
          <ul aria-label="Mails" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {mails.map((mail) => (
              <li key={mail.id}>
                <button
                  type="button"
                  aria-current={mail.id === openId ? 'true' : undefined}
                  onClick={() => setOpenId(mail.id)}
                  className={`block w-full px-4 py-3 text-left hover:bg-slate-50 ${mail.id === openId ? 'bg-brand-50' : ''}`}
                >
                  <span className="block truncate font-semibold">{mail.subject}</span>
                  <span className="block truncate text-sm text-slate-600">
                    {mail.to} · {new Date(mail.sentAt).toLocaleTimeString()}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <div>{open ? <OpenMail mail={open} /> : <p className="text-slate-600">Choose a mail to read it.</p>}</div>
        </div>
      )}
    </PageFrame>
  )
}
