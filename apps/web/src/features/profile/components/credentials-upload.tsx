import { zodResolver } from '@hookform/resolvers/zod'
import { CREDENTIAL_ACCEPT, CREDENTIAL_FIELDS, CREDENTIAL_LABELS, CredentialsFormSchema } from '@keydesk/contracts/credentials'
import { MESSAGE_DISPLAY_MS } from '@keydesk/contracts/limits'
import { PROFILE_MESSAGES } from '@keydesk/contracts/member-messages'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { ActionResult } from '../../../components/ui/action-result.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { FileField } from '../../../components/ui/file-field.tsx'
import { useUploadCredentials } from '../api/use-credentials.ts'

/** Any of the four credential documents, uploaded together; the outcome, or the selection's problem, above them. */
export function CredentialsUpload() {
  const upload = useUploadCredentials()
  const form = useForm({ resolver: zodResolver(CredentialsFormSchema) })
  const { errors } = form.formState
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)

  useEffect(() => {
    if (result?.tone !== 'success') return
    // docs/product.md, 'Constants': the upload success message hides after 5 seconds.
    const timer = setTimeout(() => setResult(null), MESSAGE_DISPLAY_MS)
    return () => clearTimeout(timer)
  }, [result])

  const submit = form.handleSubmit(
    async (chosen) => {
      const body = new FormData()
      for (const field of CREDENTIAL_FIELDS) {
        const file = chosen[field]?.[0]
        if (file) body.append(field, file)
      }
      try {
        await upload.mutateAsync(body)
        setResult({ tone: 'success', text: PROFILE_MESSAGES.documentsUploaded })
        form.reset()
      } catch {
        setResult({ tone: 'error', text: PROFILE_MESSAGES.credentialsUploadFailed })
      }
    },
    // The selection's problem is about the documents together, so it shows where the upload's outcome does.
    (problems) => {
      const problem = CREDENTIAL_FIELDS.map((field) => problems[field]?.message).find(Boolean)
      if (problem) setResult({ tone: 'error', text: problem })
    },
  )

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Upload credentials">
      {result && (
        <ActionResult tone={result.tone} onDismiss={() => setResult(null)}>
          {result.text}
        </ActionResult>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {CREDENTIAL_FIELDS.map((field) => (
          <FileField
            key={field}
            label={CREDENTIAL_LABELS[field]}
            accept={CREDENTIAL_ACCEPT}
            hint="PDF, JPG, JPEG or PNG, up to 5 MB"
            aria-invalid={errors[field] ? true : undefined}
            {...form.register(field)}
          />
        ))}
      </div>
      <Button type="submit" isBusy={upload.isPending}>
        Upload documents
      </Button>
    </form>
  )
}
