import { zodResolver } from '@hookform/resolvers/zod'
import { isMissingChoice, KEYCODE_REQUEST_IMAGES, keycodeRequestFormSchema, ORDERING_MESSAGES } from '@keydesk/contracts/vehicle-request'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { readGuestInfo, saveGuestInfo } from '../../lib/guest-info.ts'
import { paths } from '../../lib/paths.ts'
import { useSubmitKeycodeRequest } from './api/use-submit-keycode-request.ts'

const REQUIRED_ORDER = ['make', 'model', 'year', 'vin'] as const

/** The keycode request's form: sent as multipart to the cart, which the page opens after. */
export function useKeycodeRequestForm(isGuest: boolean, locationId: string) {
  const submit = useSubmitKeycodeRequest()
  const navigate = useNavigate()
  const form = useForm({
    resolver: zodResolver(keycodeRequestFormSchema(isGuest)),
    defaultValues: { make: '', model: '', year: '', vin: '', ownershipDocument: 'REGISTRATION' as const, ownerName: '' },
  })
  const { errors } = form.formState
  const [make, model, year, vin] = form.watch(['make', 'model', 'year', 'vin'])
  // A refusal is about what was sent: it goes as soon as the vehicle changes, so it never outlives its cause.
  const { clearErrors } = form
  const hasServerError = Boolean(errors.root?.server)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the vehicle's fields are what make a refusal stale
  useEffect(() => {
    if (hasServerError) clearErrors('root.server')
  }, [make, model, year, vin])

  // Each field carries its own message; the summary above the button says the documented text for empty choices,
  // else the first other problem (the VIN, a licence photo), else the server's refusal.
  const fieldsInError = [...REQUIRED_ORDER, ...KEYCODE_REQUEST_IMAGES].filter((field) => errors[field]?.message)
  const formError =
    errors.root?.server?.message ??
    (isMissingChoice(fieldsInError) ? ORDERING_MESSAGES.requiredFields : fieldsInError.map((field) => errors[field]?.message).find(Boolean))

  const onSubmit = form.handleSubmit((values) => {
    const body = new FormData()
    body.append('make', values.make)
    body.append('model', values.model)
    body.append('year', values.year)
    body.append('vin', values.vin)
    const guest = isGuest ? readGuestInfo() : null
    if (guest) body.append('guestUserId', guest.guestUserId)
    for (const name of KEYCODE_REQUEST_IMAGES) {
      const file = values[name]
      if (file) body.append(name, file)
    }
    // What the ownership photo is goes with it; the owner's name is the customer authorisation of a member's order.
    if (values.registration) body.append('ownershipDocument', values.ownershipDocument)
    if (!isGuest && values.ownerName) body.append('ownerName', values.ownerName)
    if (!isGuest && locationId) body.append('locationId', locationId)
    submit.mutate(body, {
      onSuccess: (answer) => {
        if (answer.guestUserId) saveGuestInfo(answer.guestUserId, answer.cartId)
        navigate(paths.cart)
      },
      onError: (error) => form.setError('root.server', { message: error.message }),
    })
  })

  return { form, onSubmit, formError, isSending: submit.isPending }
}

export type KeycodeRequestFormState = ReturnType<typeof useKeycodeRequestForm>['form']
