import { KEY_TYPE_LABELS } from '@keydesk/contracts/admin'
import type { VehicleRequestView } from '@keydesk/contracts/vehicle-request'

/** What the order released: the keycode and PIN, and with the keycode the key blank and transponder. */
export function ReleasedCodes({ request }: { request: VehicleRequestView }) {
  return (
    <>
      {request.keycode && (
        <p className="mt-2">
          Keycode: <strong className="font-mono">{request.keycode}</strong>
        </p>
      )}
      {request.pincode && (
        <p>
          PIN: <strong className="font-mono">{request.pincode}</strong>
        </p>
      )}
      {request.keycode && request.keyBlank && (
        <p>
          {KEY_TYPE_LABELS.keyBlank}: <strong className="font-mono">{request.keyBlank}</strong>
        </p>
      )}
      {request.keycode && request.transponder && (
        <p>
          {KEY_TYPE_LABELS.transponder}: <strong className="font-mono">{request.transponder}</strong>
        </p>
      )}
    </>
  )
}
