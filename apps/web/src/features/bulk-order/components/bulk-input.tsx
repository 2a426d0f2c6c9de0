import { BULK_CSV_MAX_COLUMNS, BULK_MESSAGES, BULK_TEMPLATE_COLUMNS, BULK_TEXT_MAX } from '@keydesk/contracts/bulk'
import { useMemo, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { controlClass, FieldShell } from '../../../components/ui/field-shell.tsx'
import { FileField } from '../../../components/ui/file-field.tsx'
import { templateCsv } from '../bulk-rows.ts'

export interface BulkInputProps {
  isChecking: boolean
  /** The paste or the file's content, as the API parses it. */
  onCheck: (text: string) => void
}

/** Where a batch starts: VINs pasted, or a CSV file of the template's columns. */
export function BulkInput({ isChecking, onCheck }: BulkInputProps) {
  const [text, setText] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | undefined>()
  const templateHref = useMemo(() => `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv())}`, [])

  async function check(event: React.FormEvent) {
    event.preventDefault()
    // A chosen file is what the member means to send; the paste is for when there is none.
    const content = file ? await file.text() : text
    if (content.trim() === '') {
      setError(BULK_MESSAGES.empty)
      return
    }
    // A file is not held to the text area's maxLength; the API would refuse it with the same words.
    if (content.length > BULK_TEXT_MAX) {
      setError(BULK_MESSAGES.textTooLong)
      return
    }
    setError(undefined)
    onCheck(content)
  }

  return (
    <form onSubmit={check} noValidate className="space-y-4 rounded-xl border border-slate-200 bg-white p-6">
      <FieldShell
        label="Paste VINs"
        hint={`One VIN a line, or CSV text with a header row (${BULK_TEMPLATE_COLUMNS.join(', ')}).`}
        error={error}
      >
        {(control) => (
          <textarea
            {...control}
            rows={6}
            maxLength={BULK_TEXT_MAX}
            spellCheck={false}
            className={`${controlClass} font-mono text-sm`}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </FieldShell>
      <FileField
        label="Or choose a CSV file"
        hint={`A chosen file is checked in place of the paste: at most ${BULK_CSV_MAX_COLUMNS} columns and ${BULK_TEXT_MAX.toLocaleString('en-US')} characters.`}
        accept=".csv,text/csv,text/plain"
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
      />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" isBusy={isChecking}>
          Check
        </Button>
        <a href={templateHref} download="keydesk-bulk-template.csv" className="font-semibold text-brand-600 hover:underline">
          Download the template
        </a>
      </div>
    </form>
  )
}
