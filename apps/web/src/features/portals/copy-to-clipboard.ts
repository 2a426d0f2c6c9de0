/** Clipboard API first; a temporary text area with execCommand when it is missing or refused (docs/product.md, 'The API contract'). */
export async function copyToClipboard(text: string): Promise<void> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard API unavailable')
    await navigator.clipboard.writeText(text)
    return
  } catch {
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.appendChild(area)
    area.select()
    try {
      if (!document.execCommand('copy')) throw new Error('Copy command refused')
    } finally {
      area.remove()
    }
  }
}
