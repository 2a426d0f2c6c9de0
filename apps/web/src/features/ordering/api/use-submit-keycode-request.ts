import { KeycodeRequestAnswerSchema } from '@keydesk/contracts/vehicle-request'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { cartKeys } from '../../../lib/cart-keys.ts'

export function useSubmitKeycodeRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (form: FormData) =>
      apiRequest('/vehicle/request-keycode-public', { method: 'POST', body: form, schema: KeycodeRequestAnswerSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  })
}
