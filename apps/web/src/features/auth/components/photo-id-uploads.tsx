import { DOCUMENT_NAMES } from '@keydesk/contracts/documents'
import { INVITATION_DOCUMENTS } from '@keydesk/contracts/teams'
import { IMAGE_ACCEPT, IMAGE_HINT } from '@keydesk/contracts/uploads'
import { FileField } from '../../../components/ui/file-field.tsx'

type IdSide = (typeof INVITATION_DOCUMENTS)[number]
type IdErrors = Partial<Record<IdSide, string>>

/** docs/product.md, 'Enterprise teams': both sides of the invitee's own government photo ID. */
export function PhotoIdUploads({ errors, onChoose }: { errors: IdErrors; onChoose: (side: IdSide, file: File | null) => void }) {
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Your government photo ID ({IMAGE_HINT})</legend>
      {INVITATION_DOCUMENTS.map((side) => (
        <FileField
          key={side}
          label={DOCUMENT_NAMES[side]}
          name={side}
          accept={IMAGE_ACCEPT}
          error={errors[side]}
          onChange={(event) => onChoose(side, event.currentTarget.files?.[0] ?? null)}
        />
      ))}
    </fieldset>
  )
}
