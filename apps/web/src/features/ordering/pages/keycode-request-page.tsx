import { ORDERING_MESSAGES } from '@keydesk/contracts/vehicle-request'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { usePriceHolder } from '../../membership/api/use-price-holder.ts'
import { useComplianceStatus } from '../../requirements/api/use-compliance-status.ts'
import { useSession } from '../../session/use-session.ts'
import { useMembership } from '../../team/api/use-team.ts'
import { OrderLocation } from '../../team/components/order-location.tsx'
import { useCatalogue } from '../api/use-catalogue.ts'
import { DocumentFields } from '../components/document-fields.tsx'
import { VehicleFields } from '../components/vehicle-fields.tsx'
import { useKeycodeRequestForm } from '../use-keycode-request-form.ts'

/** docs/product.md, 'Screens and routes (web)', vehicle keycode request: make → model → year, price, VIN, photos, Add to Cart. */
export function KeycodeRequestPage() {
  const session = useSession()
  const catalogue = useCatalogue()
  // A failed compliance call hides the notice silently: it is advice, and the order does not depend on it. The form
  // waits for its answer all the same: a notice arriving after the form would push the form down under the pointer.
  const compliance = useComplianceStatus()
  const isGuest = session.status !== 'signed-in'
  const priceHolder = usePriceHolder()
  // An Enterprise team's member orders for a location of the business (docs/decisions/039).
  const membership = useMembership(session.user?.role === 'BASEUSER')
  const [locationId, setLocationId] = useState('')
  const { form, onSubmit, formError, isSending } = useKeycodeRequestForm(isGuest, locationId)

  if (catalogue.isPending || compliance.isPending) {
    return (
      <PageFrame title="Request a keycode">
        <Spinner label="Loading vehicles..." />
      </PageFrame>
    )
  }
  if (catalogue.isError) {
    return (
      <PageFrame title="Request a keycode">
        <Alert tone="error">{ORDERING_MESSAGES.backendUnavailable}</Alert>
      </PageFrame>
    )
  }

  return (
    <PageFrame title="Request a keycode" description="Enter the vehicle and its VIN; the request goes to your cart.">
      {compliance.data && (
        <Alert tone="warning" title="Compliance notice">
          {compliance.data.message} Only request codes for vehicles you are authorised to work on; a wrong VIN is not refunded.
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-6 md:grid-cols-2">
        <VehicleFields form={form} catalogue={catalogue.data} priceHolder={priceHolder} />
        <div className="space-y-4">
          <DocumentFields form={form} isGuest={isGuest} />
          {!isGuest && <OrderLocation membership={membership.data} value={locationId} onChange={setLocationId} />}
          {formError && <Alert tone="error">{formError}</Alert>}
          <Button type="submit" isBusy={isSending}>
            Add to Cart
          </Button>
        </div>
      </form>
    </PageFrame>
  )
}
