import { screen } from '@testing-library/react'
import { expect, vi } from 'vitest'

/** Focus landed on the message that says what the action did (the box around it takes focus, not the page body). */
export async function expectResultFocused(text: string | RegExp) {
  await vi.waitFor(() => expect(screen.getByText(text).closest('[tabindex="-1"]')).toHaveFocus())
}
