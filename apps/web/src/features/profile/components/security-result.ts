/** What the Security tab says after a change; the one ActionResult at its top shows it. */
export interface SecurityResult {
  tone: 'success' | 'error'
  text: string
}
