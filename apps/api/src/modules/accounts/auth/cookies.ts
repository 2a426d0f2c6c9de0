import type { FastifyReply } from 'fastify'
import { ACCESS_COOKIE, ACCESS_TOKEN_TTL_SECONDS, REFRESH_COOKIE } from '../../../plugins/app/auth.ts'
import { REFRESH_TOKEN_TTL_MS } from './tokens.ts'

/** The refresh cookie only travels to the auth calls that use it. */
const REFRESH_PATH = '/api/auth'

export function setSessionCookies(reply: FastifyReply, tokens: { accessToken: string; refreshToken: string }, secure: boolean) {
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: ACCESS_TOKEN_TTL_SECONDS,
  })
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: REFRESH_PATH,
    maxAge: REFRESH_TOKEN_TTL_MS / 1000,
  })
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(ACCESS_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' })
  reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: REFRESH_PATH })
}
