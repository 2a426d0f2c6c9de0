import { createHmac, timingSafeEqual } from 'node:crypto'
import { GUEST_INFO_TTL_MS } from '@keydesk/contracts/limits'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { DbExecutor } from '../../../db/database.ts'
import { findLiveGuest } from './repository.ts'

/**
 * The guest's key as an HttpOnly cookie (decision 006, amended): the checkout body of docs/product.md, 'Payments and orders',
 * may leave the guest out, so a client that keeps cookies still pays for its own cart. The value is the guestUserId signed with a key derived
 * from JWT_SECRET, so only this server can issue one: a page script cannot read it and nobody can mint one.
 */
export const GUEST_COOKIE = 'guest_id'

const GuestIdSchema = z.uuid()

function signatureOf(guestUserId: string, appSecret: string): Buffer {
  const key = createHmac('sha256', appSecret).update('guest-cookie').digest()
  return createHmac('sha256', key).update(guestUserId).digest()
}

export function guestCookieValue(guestUserId: string, appSecret: string): string {
  return `${guestUserId}.${signatureOf(guestUserId, appSecret).toString('base64url')}`
}

export function setGuestCookie(reply: FastifyReply, guestUserId: string) {
  const { jwtSecret, isProduction } = reply.server.config
  reply.setCookie(GUEST_COOKIE, guestCookieValue(guestUserId, jwtSecret), {
    httpOnly: true,
    sameSite: 'lax',
    secure: isProduction,
    path: '/api',
    maxAge: GUEST_INFO_TTL_MS / 1000,
  })
}

/** The guest id of a cookie this server signed; a missing, altered or unsigned cookie counts as none. */
export function guestIdOfCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[GUEST_COOKIE]
  if (!value) return undefined
  const [guestUserId = '', signature = ''] = value.split('.')
  if (!GuestIdSchema.safeParse(guestUserId).success) return undefined
  const expected = signatureOf(guestUserId, request.server.config.jwtSecret)
  const given = Buffer.from(signature, 'base64url')
  return given.length === expected.length && timingSafeEqual(given, expected) ? guestUserId : undefined
}

/**
 * The live guest a visitor's call speaks for: the guestUserId it names (body or query) when it names one, else the
 * guest of its cookie. Either way the caller proves the guest by holding its id, so no guest reaches another's cart.
 */
export async function findGuestOfRequest(db: DbExecutor, request: FastifyRequest, namedGuestId: string | undefined) {
  const guestId = namedGuestId ?? guestIdOfCookie(request)
  return guestId ? findLiveGuest(db, guestId, request.server.clock.now()) : undefined
}
