import { describe, expect, it } from 'vitest'
import type { TransactionRow } from '../orders/repository.ts'
import { orderConfirmationMail } from './confirmation-mail.ts'

const paidAt = new Date('2026-11-26T12:00:00.000Z')

const order = (overrides: Partial<TransactionRow>): TransactionRow => ({
  id: '0b9e3c55-6f1e-4d7a-8c2b-1a2b3c4d5e6f',
  confirmationNumber: 'KD-7Q2X9',
  userId: '5f2d3a10-9c8b-4e7f-a6d5-c4b3a2918070',
  guestId: null,
  customerEmail: 'dana@locke-keys.example',
  customerName: null,
  buyerPseudonym: null,
  status: 'PAID',
  amountCents: 4400,
  currency: 'usd',
  items: [],
  provider: 'sandbox',
  providerSessionId: 'cs_test_sbx',
  expiresAt: null,
  paymentIntentId: null,
  orderStatus: 'PENDING',
  paidAt,
  usesBasicDiscount: false,
  servicePlan: 'PROFESSIONAL',
  createdAt: paidAt,
  updatedAt: paidAt,
  ...overrides,
})

const keycodeLine = { kind: 'KEYCODE' as const, name: '2020 Ford F-150 keycode', description: 'Keycode lookup', amountCents: 4400 }

describe('order confirmation mail', () => {
  it("promises the keycode within the turnaround of the plan the checkout recorded, not '24-48 hours'", () => {
    const mail = orderConfirmationMail(order({ items: [keycodeLine] }), 'https://keydesk.example', false)
    expect(mail.paragraphs[0]).toBe(
      'Your keycode is due within 1 hour of payment (Professional). We will e-mail you as soon as it is ready.',
    )
  })

  it('promises no deadline for an order from before checkouts recorded the plan', () => {
    const mail = orderConfirmationMail(order({ items: [keycodeLine], servicePlan: null }), 'https://keydesk.example', false)
    expect(mail.paragraphs[0]).toBe('We will e-mail you as soon as it is ready.')
  })

  it("names a plan-only order's plan by its one name", () => {
    const plan = { kind: 'SUBSCRIPTION' as const, name: 'Enterprise plan (monthly)', description: '', amountCents: 9999 }
    const mail = orderConfirmationMail(
      order({ items: [{ ...plan, tier: 'ENTERPRISE', billing: 'MONTHLY' }], orderStatus: 'FULFILLED' }),
      'https://keydesk.example',
      false,
    )
    expect(mail.paragraphs).toEqual(['Your Enterprise plan (monthly) is active.'])
  })
})
