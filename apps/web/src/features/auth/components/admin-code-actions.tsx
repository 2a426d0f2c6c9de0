import { AUTH_MESSAGES } from '@keydesk/contracts/auth-messages'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import type { useRequestAdminCode } from '../api/use-request-admin-code.ts'
import type { useValidateAdminCode } from '../api/use-validate-admin-code.ts'
import { isUnanswered } from '../failure-text.ts'
import { CallFailure } from './call-failure.tsx'

interface AdminCodeActionsProps {
  requestCode: ReturnType<typeof useRequestAdminCode>
  validateCode: ReturnType<typeof useValidateAdminCode>
  /** Set when Validate Code was pressed without both email and code. */
  missingForValidation: boolean
  onRequest: () => void
  onValidate: () => void
}

function RequestOutcome({ requestCode }: Pick<AdminCodeActionsProps, 'requestCode'>) {
  if (requestCode.isSuccess) return <Alert tone="success">{AUTH_MESSAGES.codeSent}</Alert>
  if (!requestCode.isError) return null
  return <CallFailure error={requestCode.error} unanswered={AUTH_MESSAGES.codeSendError} refused={AUTH_MESSAGES.codeSendFailed} />
}

function ValidateOutcome({ validateCode, missingForValidation }: Pick<AdminCodeActionsProps, 'validateCode' | 'missingForValidation'>) {
  if (missingForValidation) return <Alert tone="error">{AUTH_MESSAGES.validateNeedsEmailAndCode}</Alert>
  if (validateCode.isSuccess) {
    return validateCode.data ? (
      <Alert tone="success">{AUTH_MESSAGES.codeValid}</Alert>
    ) : (
      <Alert tone="error">{AUTH_MESSAGES.codeInvalid}</Alert>
    )
  }
  if (!validateCode.isError) return null
  // A refused code and a failed call read differently on screen.
  return <Alert tone="error">{isUnanswered(validateCode.error) ? AUTH_MESSAGES.codeValidateError : AUTH_MESSAGES.codeInvalid}</Alert>
}

/** Request Code and Validate Code on the admin register screen (docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor', Admin sign-up), with their outcomes. */
export function AdminCodeActions({ requestCode, validateCode, missingForValidation, onRequest, onValidate }: AdminCodeActionsProps) {
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={onRequest} isBusy={requestCode.isPending}>
          Request Code
        </Button>
        <Button variant="secondary" onClick={onValidate} isBusy={validateCode.isPending}>
          Validate Code
        </Button>
      </div>
      <RequestOutcome requestCode={requestCode} />
      <ValidateOutcome validateCode={validateCode} missingForValidation={missingForValidation} />
    </div>
  )
}
