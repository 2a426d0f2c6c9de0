/**
 * Every mail is written once as structured content and rendered twice: a plain-text part and an HTML part made
 * with MJML, whose responsive layout reads well in a 390 px wide mail client (docs/decisions/013). MJML is loaded
 * on the first mail, so it costs nothing at start-up.
 */

export interface MailContent {
  subject: string
  /** The first line a mail client shows beside the subject. */
  preview: string
  /**
   * Whom the mail greets: a name, used only when it reads as a person's name (greetingOf), or a greeting line of the
   * app's own words. Never text a requester typed into a mail to an address that has not proved itself.
   */
  greeting: { name: string | null } | { line: string }
  paragraphs: string[]
  /** Label and value rows, e.g. the vehicle and the keycode. */
  facts?: { label: string; value: string; emphasis?: boolean }[]
  action?: { label: string; url: string }
  /** Closing lines in small print. */
  notes?: string[]
}

export interface RenderedMail {
  subject: string
  text: string
  html: string
}

/** Letters (any script), spaces, apostrophes, hyphens and periods, up to 40 characters: a name, not a message. */
const PERSON_NAME = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]{0,39}$/u

/**
 * The greeting line: "Hello <name>," when the name reads as a name, else "Hello,". A name is typed by whoever made the
 * account, so it is never trusted to carry words or links into a branded mail (docs/decisions/018).
 */
export function greetingOf(greeting: MailContent['greeting']): string {
  if ('line' in greeting) return greeting.line
  const name = greeting.name?.trim() ?? ''
  return PERSON_NAME.test(name) ? `Hello ${name},` : 'Hello,'
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char)

export function toText(content: MailContent): string {
  const lines = [greetingOf(content.greeting), '']
  for (const paragraph of content.paragraphs) lines.push(paragraph, '')
  if (content.facts?.length) {
    for (const fact of content.facts) lines.push(`${fact.label}: ${fact.value}`)
    lines.push('')
  }
  if (content.action) lines.push(`${content.action.label}: ${content.action.url}`, '')
  for (const note of content.notes ?? []) lines.push(note)
  return lines.join('\n').trimEnd()
}

function toMjml(content: MailContent): string {
  const text = (value: string, attributes = '') => `<mj-text ${attributes}>${escapeHtml(value)}</mj-text>`
  const facts = content.facts?.length
    ? `<mj-table padding="8px 25px" cellpadding="6px">${content.facts
        .map(
          (fact) =>
            `<tr style="border-bottom:1px solid #e2e8f0"><td style="color:#475569;width:40%">${escapeHtml(fact.label)}</td><td style="${
              fact.emphasis ? 'font-family:Menlo,Consolas,monospace;font-size:20px;font-weight:700;letter-spacing:1px' : 'font-weight:600'
            };word-break:break-all">${escapeHtml(fact.value)}</td></tr>`,
        )
        .join('')}</mj-table>`
    : ''
  const action = content.action
    ? `<mj-button href="${escapeHtml(content.action.url)}" background-color="#1d4ed8" border-radius="6px" font-weight="700">${escapeHtml(content.action.label)}</mj-button>
       ${text(`Or paste this address into your browser: ${content.action.url}`, 'font-size="12px" color="#475569"')}`
    : ''
  return `<mjml>
  <mj-head>
    <mj-title>${escapeHtml(content.subject)}</mj-title>
    <mj-preview>${escapeHtml(content.preview)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="22px" color="#0f172a" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f1f5f9">
    <mj-section padding="16px 0 0"><mj-column>${text('Keydesk', 'font-size="20px" font-weight="700" color="#1d4ed8"')}</mj-column></mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="12px 0">
      <mj-column>
        ${text(greetingOf(content.greeting))}
        ${content.paragraphs.map((paragraph) => text(paragraph)).join('\n')}
        ${facts}
        ${action}
        ${(content.notes ?? []).map((note) => text(note, 'font-size="12px" color="#475569"')).join('\n')}
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`
}

export async function renderMail(content: MailContent): Promise<RenderedMail> {
  const { default: mjml2html } = await import('mjml')
  const result = await mjml2html(toMjml(content), { validationLevel: 'strict' })
  return { subject: content.subject, text: toText(content), html: result.html }
}
