import type { UpdateSecurityBody } from '@keydesk/contracts/security'

export interface KeycodeDeliverySettingProps {
  keycodesByEmail: boolean
  isSaving: boolean
  onChange: (body: UpdateSecurityBody) => void
}

/** Whether the order-ready e-mail carries the keycode and PIN, or only says the order is ready. */
export function KeycodeDeliverySetting({ keycodesByEmail, isSaving, onChange }: KeycodeDeliverySettingProps) {
  return (
    <fieldset className="space-y-2">
      <legend className="font-semibold text-slate-900">Keycode delivery</legend>
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          checked={keycodesByEmail}
          disabled={isSaving}
          onChange={(event) => onChange({ keycodesByEmail: event.target.checked })}
          className="mt-0.5 h-5 w-5"
          aria-describedby="keycode-delivery-hint"
        />
        Send keycodes by e-mail
      </label>
      <p id="keycode-delivery-hint" className="text-sm text-slate-600">
        {keycodesByEmail
          ? 'The e-mail that tells you an order is ready carries the keycode and PIN. They are always in your dashboard too.'
          : 'Keycodes are shown only in your dashboard; the e-mail only says the order is ready.'}
      </p>
    </fieldset>
  )
}
