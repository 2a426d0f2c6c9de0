import { useEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/** How long a lazily loaded page may take to show its heading before focus is left where it is. */
const HEADING_WAIT_MS = 3_000

/**
 * Moves focus to the new page's heading after an in-app navigation, so a screen reader announces the page and the
 * next Tab starts at its top (the scroll itself is ScrollRestoration's: top for a new page, restored on back and
 * forward). Not on the first load, where the browser's own focus is right, and not on back/forward.
 */
export function RouteFocus() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const isFirst = useRef(true)

  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false
      return
    }
    if (navigationType === 'POP' || !location.pathname) return
    const main = document.getElementById('main')
    if (!main) return
    const focusHeading = () => {
      const heading = main.querySelector('h1')
      if (!heading) return false
      heading.setAttribute('tabindex', '-1')
      heading.focus({ preventScroll: true })
      return true
    }
    if (focusHeading()) return
    // A page whose code is still loading shows its heading a moment later.
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect()
    })
    observer.observe(main, { childList: true, subtree: true })
    const timer = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS)
    return () => {
      observer.disconnect()
      clearTimeout(timer)
    }
  }, [location.pathname, navigationType])

  return null
}
