import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { schedulePeriodicJob, sweepInBatches } from '../../../lib/periodic-jobs.ts'
import { deliverDueMail, logTransport, MAIL_BATCH_SIZE, type MailTransport, smtpTransport } from './sender.ts'

declare module 'fastify' {
  interface FastifyInstance {
    mail: {
      /** One delivery pass over the due outbox rows; answers how many were sent. */
      deliverDue(): Promise<number>
    }
  }
}

/** How often the outbox is looked at for mail that is due. */
export const MAIL_POLL_MS = 2000

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

  // Claims already keep two senders off one mail; the lock keeps the other processes from polling for nothing. A tick
  // sends batch after batch while they come back full: at one batch a tick (10 mails a second) a mail queued behind a
  // backlog waited for it, and a browser journey waited over 15 s for a keycode mail.
  schedulePeriodicJob(app, {
    name: 'mail-outbox',
    everyMs: MAIL_POLL_MS,
    run: async (signal) => {
      await sweepInBatches(deliverDue, MAIL_BATCH_SIZE, signal)
    },
  })
  app.addHook('preClose', async () => {
    await running?.catch(() => undefined)
  })
}

export default fp(mail, { name: 'mail' })
