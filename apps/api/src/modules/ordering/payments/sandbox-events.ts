import { SANDBOX_EVENT_MESSAGES, type SandboxEventAnswer } from '@keydesk/contracts/disputes'
import { AppError } from '../../../errors.ts'
import type { Uses } from '../../../ports.ts'
import type { SignedEvent } from './sandbox-provider.ts'
import { receiveWebhook } from './webhook.ts'

type Ports = Uses<'database' | 'clock' | 'config' | 'secretKey' | 'events' | 'log' | 'payments'>

/**
 * Delivers what the sandbox "provider" raised through the same webhook verification and handling as Stripe's events
 * (docs/decisions/028); refused (409) when the sandbox would not do it: an unknown or unpaid payment, an unknown refund,
 * an amount past what is left of the payment.
 */
export async function deliverSandboxEvent(ports: Ports, raise: () => Promise<SignedEvent | null>): Promise<SandboxEventAnswer> {
  const event = await raise()
  if (!event) throw new AppError('CONFLICT', SANDBOX_EVENT_MESSAGES.refused)
  await receiveWebhook(ports, event.payload, event.signature)
  const type = (JSON.parse(event.payload) as { type: string }).type
  return { id: event.objectId, event: type, message: SANDBOX_EVENT_MESSAGES.delivered(type) }
}
