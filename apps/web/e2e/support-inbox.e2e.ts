import { CONTACT_MESSAGES } from '@keydesk/contracts/support'
import { SUPPORT_INBOX_MESSAGES } from '@keydesk/contracts/support-inbox'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SUPER_ADMIN } from '../../api/src/config.ts'
import { seriousAccessibilityViolations } from './axe.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'
import { apiSignIn, registerMember, signInAt, startTrial } from './members.ts'

/**
 * Docs/decisions/034 in a browser, at a phone's and a desk's width: a Professional member writes to support, an admin
 * sees the conversation with its deadline in the inbox and answers it, and the member reads the answer in the account
 * and in the mail; a visitor answered by mail replies through the mail's link.
 */
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

async function openPage(width: number): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } })
  return { page, errors: collectPageErrors(page) }
}

const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)

/** The newest mail to an address in the development mailbox, waited for. */
async function mailTo(baseUrl: string, address: string, subject: string): Promise<string> {
  for (let attempt = 0; attempt < 150; attempt++) {
    const mails = (await (await fetch(`${baseUrl}/api/dev/mailbox`)).json()) as { to: string; subject: string; text: string }[]
    const mail = mails.find((entry) => entry.to === address && entry.subject === subject)
    if (mail) return mail.text
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no mail "${subject}" reached ${address}`)
}

async function inboxConversationId(baseUrl: string, headers: { cookie: string }, subject: string): Promise<string> {
  const inbox = (await (await fetch(`${baseUrl}/api/admin/support/conversations?state=OPEN`, { headers })).json()) as {
    conversations: { id: string; subject: string }[]
  }
  const id = inbox.conversations.find((item) => item.subject === subject)?.id
  if (!id) throw new Error(`"${subject}" is not in the inbox`)
  return id
}

describe('the support inbox', () => {
  it.each([390, 1280])('answers a Professional member, who reads it in the account and by mail, at %ipx', async (width) => {
    const baseUrl = suiteUrl()
    const { email, password } = await registerMember(baseUrl, { fname: 'Priya', lname: 'Pro' })
    await startTrial(baseUrl, await apiSignIn(baseUrl, email, password), 'PROFESSIONAL')
    const subject = `Transponder question ${width}`

    const member = await openPage(width)
    await signInAt(member.page, baseUrl, '/login', email, password)
    await member.page.waitForURL(`${baseUrl}/`)
    await member.page.goto(`${baseUrl}/support`)
    await member.page.getByRole('link', { name: 'your support conversations' }).waitFor()
    await member.page.getByLabel('Name').fill('Priya Pro')
    await member.page.getByLabel('Email').fill(email)
    await member.page.getByLabel('Subject').fill(subject)
    await member.page.getByLabel('Message').fill('Does the 2016 Civic need a programmed transponder?')
    await member.page.getByRole('button', { name: 'Send message' }).click()
    await member.page.getByText(CONTACT_MESSAGES.sent).waitFor()

    const admin = await openPage(width)
    await signInAt(admin.page, baseUrl, '/admin-login', DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)
    await admin.page.waitForURL('**/super-admin')
    await admin.page.goto(`${baseUrl}/admin`)
    await admin.page.getByRole('link', { name: 'Support inbox' }).click()
    await admin.page.waitForURL('**/admin/support')
    const row = admin.page.getByRole('button', { name: new RegExp(subject) })
    await row.waitFor()
    expect(await row.textContent()).toMatch(/left|Overdue by/)
    await row.click()
    const panel = admin.page.getByRole('region', { name: subject })
    await panel.getByText('Does the 2016 Civic need a programmed transponder?').waitFor()
    expect(await seriousAccessibilityViolations(admin.page)).toEqual([])
    await panel.getByLabel('Your answer').fill('Yes: the code comes with the transponder type to program.')
    await panel.getByRole('button', { name: 'Send answer' }).click()
    await admin.page.getByText(SUPPORT_INBOX_MESSAGES.answered).waitFor()
    expect(await fitsTheScreen(admin.page)).toBe(true)
    expect(admin.errors).toEqual([])
    await admin.page.close()

    const mail = await mailTo(baseUrl, email, `Re: ${subject}`)
    expect(mail).toContain('Yes: the code comes with the transponder type to program.')
    expect(mail).toMatch(/\/user\/support\?conversation=[0-9a-f-]{36}/)
    const accountLink = /(\/user\/support\?conversation=[0-9a-f-]{36})/.exec(mail)?.[1]
    await member.page.goto(`${baseUrl}${accountLink}`)
    const thread = member.page.getByRole('region', { name: subject })
    await thread.getByText('Yes: the code comes with the transponder type to program.').waitFor()
    await thread.getByText('Waiting on the customer').waitFor()
    expect(await seriousAccessibilityViolations(member.page)).toEqual([])
    expect(await fitsTheScreen(member.page)).toBe(true)
    expect(member.errors).toEqual([])
    await member.page.close()
  })

  it.each([390, 1280])("lets a visitor read support's answer and reply through the mail's link, once, at %ipx", async (width) => {
    const baseUrl = suiteUrl()
    const email = `vera.${width}.${Date.now()}@example.com`
    const subject = `Subaru coverage ${width}`
    const sent = await fetch(`${baseUrl}/api/support/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.48.${width % 256}.${(Date.now() % 250) + 1}` },
      body: JSON.stringify({ name: 'Vera Visitor', email, subject, message: 'Do you cover Subaru?' }),
    })
    expect(sent.status).toBe(201)
    const headers = await apiSignIn(baseUrl, DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)
    const id = await inboxConversationId(baseUrl, headers, subject)
    const answered = await fetch(`${baseUrl}/api/admin/support/conversations/${id}/answers`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Yes, every Subaru from 2008 on.' }),
    })
    expect(answered.status).toBe(201)
    const link = /(\/support\/reply#[A-Za-z0-9_-]{43})/.exec(await mailTo(baseUrl, email, `Re: ${subject}`))?.[1]
    expect(link).toBeDefined()

    const visitor = await openPage(width)
    await visitor.page.goto(`${baseUrl}${link}`)
    await visitor.page.getByText('Yes, every Subaru from 2008 on.').waitFor()
    expect(await seriousAccessibilityViolations(visitor.page)).toEqual([])
    await visitor.page.getByLabel('Your reply').fill('And the 2005 Outback?')
    await visitor.page.getByRole('button', { name: 'Send reply' }).click()
    await visitor.page.getByText(SUPPORT_INBOX_MESSAGES.replied).waitFor()
    expect(await fitsTheScreen(visitor.page)).toBe(true)
    expect(visitor.errors).toEqual([])

    // The link took its one reply: opened again, the API answers 404 and the page says why.
    await visitor.page.reload()
    await visitor.page.getByText(SUPPORT_INBOX_MESSAGES.linkInvalid).waitFor()
    expect(await seriousAccessibilityViolations(visitor.page)).toEqual([])
    expect(visitor.errors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)'])
    await visitor.page.close()

    const thread = (await (await fetch(`${baseUrl}/api/admin/support/conversations/${id}`, { headers })).json()) as {
      state: string
      messages: { message: string }[]
    }
    expect(thread.state).toBe('OPEN')
    expect(thread.messages.at(-1)?.message).toBe('And the 2005 Outback?')
  })
})
