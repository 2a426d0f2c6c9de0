import { IMAGE_ACCEPT, IMAGE_HINT } from '@keydesk/contracts/uploads'
import { useEffect, useState } from 'react'
import { FileField } from '../../../components/ui/file-field.tsx'
import { checkImageFile } from '../../../lib/check-image-file.ts'

interface ImageUploadFieldProps {
  label: string
  onChange: (file: File | undefined) => void
  /** Says "(optional)" beside the label. */
  isOptional?: boolean
  /** The form's message for this photo when it is required and missing. */
  missing?: string
}

/** An image input with the documented checks and a preview of the chosen picture. */
export function ImageUploadField({ label, onChange, isOptional = false, missing }: ImageUploadFieldProps) {
  const [error, setError] = useState<string | undefined>()
  const [preview, setPreview] = useState<string | null>(null)

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview)
    },
    [preview],
  )

  return (
    <div>
      <FileField
        label={isOptional ? `${label} (optional)` : label}
        accept={IMAGE_ACCEPT}
        hint={IMAGE_HINT}
        error={error ?? missing}
        onChange={async (event) => {
          const file = event.target.files?.[0]
          const problem = file ? await checkImageFile(file) : null
          setError(problem ?? undefined)
          setPreview(file && !problem ? URL.createObjectURL(file) : null)
          onChange(problem ? undefined : file)
        }}
      />
      {preview && <img src={preview} alt={`${label} preview`} className="mt-2 h-24 rounded border border-slate-200 object-cover" />}
    </div>
  )
}
