import { useEffect, useRef } from 'react'

/** Whether a key press is typing: in a field, a list or an editable area, where a letter is text and never a command. */
export function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
}

/**
 * Single-letter shortcuts of the back office, by lower-case key, while `isActive`: never while typing, never with a
 * modifier (the browser's own shortcuts stay), and never under an open dialog, which has the keyboard then.
 */
export function useShortcuts(shortcuts: Record<string, () => void>, isActive = true) {
  // The handlers change with every render; the listener stays and reads the latest ones.
  const latest = useRef(shortcuts)
  latest.current = shortcuts
  useEffect(() => {
    if (!isActive) return
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return
      const action = latest.current[event.key.toLowerCase()]
      if (!action || document.querySelector('dialog[open]')) return
      event.preventDefault()
      action()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [isActive])
}
