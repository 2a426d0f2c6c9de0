/**
 * The current user is asked for on load only when this browser has signed in (decision 005). The cookies are
 * HttpOnly, so the page cannot see them; instead it remembers that this browser signed in. Visitors
 * then cost no request (and no 401 in the console), and a hint left over from cookies the browser
 * dropped costs one 401, after which it is cleared.
 */
const HINT_KEY = 'keydesk.signed-in'

export function hasSessionHint(): boolean {
  try {
    return window.localStorage.getItem(HINT_KEY) === '1'
  } catch {
    // Storage blocked (privacy settings): ask the server every time rather than never.
    return true
  }
}

export function setSessionHint(isSignedIn: boolean): void {
  try {
    if (isSignedIn) window.localStorage.setItem(HINT_KEY, '1')
    else window.localStorage.removeItem(HINT_KEY)
  } catch {
    // Nothing to remember with; hasSessionHint then always asks.
  }
}
