import { randomUUID } from 'node:crypto'

const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/

/** A key written by put(): every adapter uses the same format, so files can move between them as they are. */
export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key)
}

/** Refuses anything put() did not generate, so no caller can reach an object outside the uploads. */
export function checkStorageKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`)
  return key
}

export function newStorageKey(extension: string): string {
  const id = randomUUID()
  return checkStorageKey(`${id.slice(0, 2)}/${id}.${extension.toLowerCase()}`)
}
