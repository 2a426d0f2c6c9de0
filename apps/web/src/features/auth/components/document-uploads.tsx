import { DOCUMENT_NAMES } from '@keydesk/contracts/documents'
import { IMAGE_ACCEPT, IMAGE_HINT } from '@keydesk/contracts/uploads'
import { FileField } from '../../../components/ui/file-field.tsx'

export const REGISTRATION_DOCUMENTS = [
  { field: 'frontId', label: DOCUMENT_NAMES.frontId },
  { field: 'backId', label: DOCUMENT_NAMES.backId },
  { field: 'businessDocument', label: DOCUMENT_NAMES.businessDocument },
  { field: 'coi', label: DOCUMENT_NAMES.insurance },
] as const

type RegistrationDocument = (typeof REGISTRATION_DOCUMENTS)[number]['field']
type DocumentErrors = Partial<Record<RegistrationDocument, string>>

interface DocumentUploadsProps {
  errors: DocumentErrors
  onChoose: (field: RegistrationDocument, file: File | null) => void
}

/** docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor': the four required document images of the business sign-up. */
export function DocumentUploads({ errors, onChoose }: DocumentUploadsProps) {
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Documents ({IMAGE_HINT})</legend>
      {REGISTRATION_DOCUMENTS.map(({ field, label }) => (
        <FileField
          key={field}
          label={label}
          name={field}
          accept={IMAGE_ACCEPT}
          error={errors[field]}
          onChange={(event) => onChoose(field, event.currentTarget.files?.[0] ?? null)}
        />
      ))}
    </fieldset>
  )
}
