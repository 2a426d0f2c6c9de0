import { describe, expect, it } from 'vitest'
import { CREDENTIAL_LABELS, type Credentials } from './credentials.ts'
import { trackerNextStep } from './tracker-next-step.ts'

const on = (review: 'PENDING' | 'VERIFIED' | 'REJECTED') => ({ name: 'file.pdf', uploadDate: '2026-11-01T00:00:00.000Z', review })
const allPending: Credentials = {
  businessLicense: on('PENDING'),
  driversLicenseFront: on('PENDING'),
  driversLicenseBack: on('PENDING'),
  insuranceCertificate: on('PENDING'),
  identificationDocuments: [],
}
const waitingOnDocs = { ACCOUNT: false, DOCS: false, PROCESSING: false, COMPLETED: false }

describe('trackerNextStep', () => {
  it("is the member's turn when a document was rejected, naming it", () => {
    const step = trackerNextStep(waitingOnDocs, { ...allPending, insuranceCertificate: on('REJECTED') })
    expect(step).toEqual({
      isYourTurn: true,
      text: `Your turn: send a new ${CREDENTIAL_LABELS.insuranceCertificate} in Profile › Credentials.`,
    })
  })

  it("is the member's turn when documents are missing, naming each", () => {
    const step = trackerNextStep(waitingOnDocs, { ...allPending, businessLicense: null, driversLicenseBack: null })
    expect(step.isYourTurn).toBe(true)
    expect(step.text).toBe(
      `Your turn: upload your ${CREDENTIAL_LABELS.businessLicense} and ${CREDENTIAL_LABELS.driversLicenseBack} in Profile › Credentials.`,
    )
  })

  it('waits on our team while every document is in review', () => {
    expect(trackerNextStep(waitingOnDocs, allPending)).toEqual({
      isYourTurn: false,
      text: 'Nothing for you to do: our team is reviewing your documents.',
    })
  })

  it('says where the order is once the documents are approved, and that the code is ready at the end', () => {
    const approved = { ACCOUNT: true, DOCS: true, PROCESSING: false, COMPLETED: false }
    expect(trackerNextStep(approved, allPending).text).toBe('Nothing for you to do: your order is waiting its turn in our queue.')
    expect(trackerNextStep({ ...approved, PROCESSING: true }, undefined).text).toBe(
      'Nothing for you to do: our team is looking up your keycode.',
    )
    expect(trackerNextStep({ ...approved, PROCESSING: true, COMPLETED: true }, undefined).isYourTurn).toBe(false)
  })

  it('does not guess the member must act before their documents are known', () => {
    expect(trackerNextStep(waitingOnDocs, undefined).isYourTurn).toBe(false)
  })
})
