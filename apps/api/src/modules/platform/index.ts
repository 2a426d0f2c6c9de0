/**
 * The platform context's public surface (what any domain uses: mail, stored files, notices, the action log's
 * writer): everything another context may import from it, and nothing else (docs/architecture.md, 'Contexts').
 * Modules of this context import each other directly, never this file.
 */
export { pageActionsAboutAccountForArchive } from './action-log/archive-repository.ts'
export { type ActionPageFilter, latestActionsOn, listActionsPage, listRecentActions, recordAction } from './action-log/repository.ts'
export { listFileRowsForArchive } from './files/archive-repository.ts'
export { fileAddress, fileLink } from './files/file-link.ts'
export { deleteFileRows, findFileSizes, insertFileRow, insertFileRows, listFilesOfGuests, listFilesOfOwner } from './files/repository.ts'
export { enqueueMail } from './mail/outbox.ts'
export { listFailedMails } from './mail/repository.ts'
export { REQUESTED_MAILS_PER_WINDOW, requestedMailWindowStart } from './mail/requested-mail-limit.ts'
export { type MailContent, renderMail } from './mail/templates.ts'
export { listNoticeRowsForArchive } from './notices/archive-repository.ts'
export { postNotice } from './notices/service.ts'
