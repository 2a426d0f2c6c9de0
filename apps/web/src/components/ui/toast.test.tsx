import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Toast } from './toast.tsx'

afterEach(() => vi.useRealTimers())

describe('toast', () => {
  it('closes after its time even when the page renders it again with a new onClose', () => {
    vi.useFakeTimers()
    const closed = vi.fn()
    const { rerender } = render(<Toast message="Status updated to In Progress" durationMs={5000} onClose={() => closed()} />)
    for (let second = 0; second < 5; second += 1) {
      act(() => vi.advanceTimersByTime(1000))
      rerender(<Toast message="Status updated to In Progress" durationMs={5000} onClose={() => closed()} />)
    }
    expect(closed).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('status')).toHaveTextContent('Status updated to In Progress')
  })

  it('takes the focus when it reports what was just done, and stays while focus is on it', () => {
    vi.useFakeTimers()
    const closed = vi.fn()
    render(<Toast message="Admin account approved." durationMs={5000} takesFocus onClose={closed} />)
    const box = screen.getByRole('status').parentElement
    expect(box).toHaveFocus()
    act(() => vi.advanceTimersByTime(10_000))
    expect(closed).not.toHaveBeenCalled()
    act(() => box?.blur())
    act(() => vi.advanceTimersByTime(5000))
    expect(closed).toHaveBeenCalledTimes(1)
  })

  it('leaves the focus where it is when it only informs', () => {
    render(<Toast message="Status updated to In Progress" onClose={() => {}} />)
    expect(screen.getByRole('status').parentElement).not.toHaveFocus()
  })
})
