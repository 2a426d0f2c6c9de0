import { describe, expect, it } from 'vitest'
import { CREDENTIAL_MESSAGES, CredentialsFormSchema } from './credentials.ts'

const problemOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []

const chosen = (name: string) => [new File(['x'], name)]
const none: File[] = []

describe('credentials upload form (docs/product.md, "Accounts, sign-up, sign-in, sessions, two-factor", Credentials)', () => {
  it('needs one document at least, reported on the first field', () => {
    expect(problemOf(CredentialsFormSchema.safeParse({ businessLicense: none }))).toEqual([
      `businessLicense: ${CREDENTIAL_MESSAGES.selectOne}`,
    ])
  })

  it('reports the missing side of the government photo ID', () => {
    expect(problemOf(CredentialsFormSchema.safeParse({ driversLicenseFront: chosen('front.png') }))).toEqual([
      `driversLicenseBack: ${CREDENTIAL_MESSAGES.licenseNeedsBothSides}`,
    ])
  })

  it('refuses a file whose name is not a PDF, JPG, JPEG or PNG', () => {
    expect(problemOf(CredentialsFormSchema.safeParse({ businessLicense: chosen('licence.docx') }))).toEqual([
      `businessLicense: ${CREDENTIAL_MESSAGES.fileType}`,
    ])
    expect(CredentialsFormSchema.safeParse({ insuranceCertificate: chosen('coi.PDF') }).success).toBe(true)
  })
})
