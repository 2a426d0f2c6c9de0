/**
 * Characters no text field has a use for: the C0 controls and DEL, except tab, line feed and carriage return
 * (multi-line notes and chat keep those). PostgreSQL refuses U+0000 in text outright.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

export const CONTROL_CHARACTER_MESSAGE = 'Remove the control characters (such as NUL) from this field.'

/**
 * The JSON-pointer path ("/fname", "/items/0/name") of the first string in `value` that holds a control character,
 * or null. Walks plain objects and arrays only; anything else (numbers, buffers, files) holds no text to check.
 */
export function findControlCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? path || '/' : null
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacter(item, `${path}/${index}`)
      if (found !== null) return found
    }
    return null
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      const found = CONTROL_CHARACTER.test(key) ? `${path}/${key}` : findControlCharacter(item, `${path}/${key}`)
      if (found !== null) return found
    }
  }
  return null
}
