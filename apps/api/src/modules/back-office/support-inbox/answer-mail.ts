import { SUPPORT_REPLY_LINK_TTL_DAYS } from '@keydesk/contracts/support-inbox'
import type { MailContent } from '../../platform/index.ts'

/**
 * Support's answer by mail (docs/decisions/034): the answer itself, and where to read the thread and reply: the
 * member's account, or for a visitor a link that works once and for a limited time.
 */
export function supportAnswerMail(input: {
  subject: string
  answer: string
  firstName: string | null
  url: string
  member: boolean
}): MailContent {
  return {
    subject: `Re: ${input.subject}`,
    preview: 'Support has answered your message.',
    greeting: { name: input.firstName },
    paragraphs: ['Support has answered your message:', input.answer],
    action: { label: input.member ? 'Read and reply in your account' : 'Read the conversation and reply', url: input.url },
    notes: input.member
      ? []
      : [
          `The link works for ${SUPPORT_REPLY_LINK_TTL_DAYS} days, for one reply; our next answer brings a new one. Please do not forward it.`,
        ],
  }
}
