import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyInstance {
    /** The AES-256 key for keycodes and PINs at rest. */
    secretKey: Buffer
    /** The AES-256 key for authenticator (TOTP) secrets at rest. */
    totpKey: Buffer
  }
}

/**
 * KEYCODE_ENCRYPTION_KEY and TOTP_ENCRYPTION_KEY when set (production requires them, config.ts); otherwise a key
 * generated once into DATA_DIR (mode 600) and reused, so development data stays readable across restarts.
 */
async function loadDevelopmentKey(dataDir: string, name: string): Promise<Buffer> {
  const file = path.join(dataDir, name)
  const existing = await readFile(file, 'utf8').catch(() => null)
  if (existing) return Buffer.from(existing.trim(), 'base64')
  const key = randomBytes(32)
  await mkdir(dataDir, { recursive: true })
  await writeFile(file, key.toString('base64'), { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error
  })
  return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')
}

async function secretKey(app: FastifyInstance) {
  const key = app.config.keycodeEncryptionKey ?? (await loadDevelopmentKey(app.config.dataDir, 'keycode.key'))
  if (key.length !== 32) throw new Error('KEYCODE_ENCRYPTION_KEY must be 32 bytes (base64)')
  app.decorate('secretKey', key)
  const totpKey = app.config.totpEncryptionKey ?? (await loadDevelopmentKey(app.config.dataDir, 'totp.key'))
  if (totpKey.length !== 32) throw new Error('TOTP_ENCRYPTION_KEY must be 32 bytes (base64)')
  app.decorate('totpKey', totpKey)
}

export default fp(secretKey, { name: 'secret-key' })
