import { screen } from '@testing-library/react'
import { expect } from 'vitest'

/** The field labelled `label` is marked invalid and described by its own message, as assistive technology reads it. */
export function expectFieldError(label: string, message: string) {
  const field = screen.getByLabelText(label)
  expect(field).toHaveAttribute('aria-invalid', 'true')
  expect(field).toHaveAccessibleDescription(expect.stringContaining(message))
}
