import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Clock } from '../../ports.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Time for rules that depend on it (trials, subscription periods); tests inject their own. */
    clock: Clock
  }
}

export const systemClock: Clock = { now: () => new Date() }

async function clock(app: FastifyInstance, options: { clock?: Clock }) {
  app.decorate('clock', options.clock ?? systemClock)
}

export default fp(clock, { name: 'clock' })
