import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { schedulePeriodicJob } from '../../../lib/periodic-jobs.ts'
import { deliverDueMail, logTransport, type MailTransport, smtpTransport } from './sender.ts'

declare module 'fastify' {
  interface FastifyInstance {
    mail: {
      /** One delivery pass over the due outbox rows; answers how many were sent. */
      deliverDue(): Promise<number>
    }
  }
}

const POLL_MS = 2000

/** The mail port: SMTP when SMTP_URL is set, the log transport otherwise; polls the outbox while the app runs (one process at a time). */
async function mail(app: FastifyInstance, options: { transport?: MailTransport }) {
  const transport = options.transport ?? (app.config.smtpUrl ? smtpTransport(app.config.smtpUrl) : logTransport(app.log))
  let running: Promise<number> | null = null
  // One pass at a time in a process; a caller arriving during a pass waits for it and runs a new one, so a mail
  // queued after that pass began is still sent by the call (passes hold no transaction, so they can overlap a write).
  const deliverDue = async (): Promise<number> => {
    while (running) await running.catch(() => undefined)
    const pass = deliverDueMail(app.database.db, transport, { from: app.config.mailFrom, key: app.secretKey }, app.log).finally(() => {
      running = null
    })
    running = pass
    return pass
  }
  app.decorate('mail', { deliverDue })

  // Claims already keep two senders off one mail; the lock keeps the other processes from polling for nothing.
  schedulePeriodicJob(app, {
    name: 'mail-outbox',
    everyMs: POLL_MS,
    run: async () => {
      await deliverDue()
    },
  })
  app.addHook('preClose', async () => {
    await running?.catch(() => undefined)
  })
}

export default fp(mail, { name: 'mail' })
