import { imageFileProblem, UPLOAD_MESSAGES } from '@keydesk/contracts/uploads'
import { useState } from 'react'

const problemOf = (file: File | null | undefined) => (file ? imageFileProblem(file) : UPLOAD_MESSAGES.required)

/**
 * The images a sign-up form sends with its fields (photo ID sides, business documents), all required: each is checked
 * as it is chosen, and all of them again with the text fields when the form is sent, so every problem shows at once.
 */
export function useImageFiles<Field extends string>(fields: readonly Field[]) {
  const [files, setFiles] = useState<Partial<Record<Field, File | null>>>({})
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})

  const choose = (field: Field, file: File | null) => {
    setFiles((current) => ({ ...current, [field]: file }))
    setErrors((current) => ({ ...current, [field]: problemOf(file) ?? undefined }))
  }

  /** Marks every image missing or unfit; true when all of them can be sent. */
  const checkAll = () => {
    const found: Partial<Record<Field, string>> = {}
    for (const field of fields) {
      const problem = problemOf(files[field])
      if (problem) found[field] = problem
    }
    setErrors(found)
    return Object.keys(found).length === 0
  }

  const addTo = (body: FormData) => {
    for (const field of fields) {
      const file = files[field]
      if (file) body.set(field, file)
    }
  }

  return { errors, choose, checkAll, addTo }
}
