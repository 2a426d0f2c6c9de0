import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface SmtpCatcher {
  /** The SMTP_URL that reaches it. */
  url: string
  /** Every mail it accepted, parsed, in order. */
  received: ParsedMail[]
  close(): Promise<void>
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, for tests of mail as it leaves the app.
 * `refuse` names recipients it rejects for good (550), as a relay refuses a mailbox that does not exist.
 */
export async function startSmtpCatcher(options: { refuse?: (address: string) => boolean } = {}): Promise<SmtpCatcher> {
  const received: ParsedMail[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, done) {
      if (options.refuse?.(address.address)) return done(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }))
      done()
    },
    onData(stream, _session, done) {
      simpleParser(stream).then((parsed) => {
        received.push(parsed)
        done()
      }, done)
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const { port } = smtp.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  }
}
