import { type ContactMessage, ContactMessageSchema } from '@keydesk/contracts/support'
import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client.ts'

export function useSendContact() {
  return useMutation({
    mutationFn: (message: ContactMessage) =>
      apiRequest('/support/contact', {
        method: 'POST',
        body: ContactMessageSchema.parse(message),
        schema: z.object({ message: z.string() }),
      }),
  })
}
