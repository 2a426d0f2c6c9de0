import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SUPER_ADMIN } from '../../api/src/config.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'
import { apiSignIn, registerMember, startTrial } from './members.ts'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe('live chat', () => {
  it('a trial user writes to support and an admin answers from the admin dashboard', async () => {
    const baseUrl = suiteUrl()
    // A business user on the free trial: premium access, so chat is open.
    const { email, password } = await registerMember(baseUrl, { fname: 'Tara', lname: 'Trial' })
    await startTrial(baseUrl, await apiSignIn(baseUrl, email, password), 'BASIC')

    const member = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const memberErrors = collectPageErrors(member)
    await member.goto(`${baseUrl}/login`)
    await member.getByLabel('Email', { exact: true }).fill(email)
    await member.getByLabel('Password', { exact: true }).fill(password)
    await member.getByRole('button', { name: 'Login', exact: true }).click()
    await member.waitForURL(`${baseUrl}/`)
    await member.goto(`${baseUrl}/user-dash`)
    await member.getByRole('button', { name: 'Chat with support' }).click()
    const memberChat = member.getByRole('region', { name: 'Live chat' })
    await memberChat.getByRole('textbox', { name: 'Message' }).fill('Hello, is my Civic code ready?')
    await memberChat.getByRole('button', { name: 'Send' }).click()
    await memberChat.getByText('Hello, is my Civic code ready?').waitFor()

    const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await admin.goto(`${baseUrl}/admin-login`)
    await admin.getByLabel('Email').fill(DEV_SUPER_ADMIN.email)
    await admin.getByLabel('Password').fill(DEV_SUPER_ADMIN.password)
    await admin.getByRole('button', { name: 'Admin Login' }).click()
    await admin.waitForURL('**/super-admin')
    await admin.goto(`${baseUrl}/admin`)
    const panel = admin.getByRole('region', { name: 'Live chat with members' })
    await panel.getByRole('button', { name: /Tara Trial/ }).click()
    await panel.getByText('Hello, is my Civic code ready?').waitFor()
    await panel.getByRole('textbox', { name: 'Message' }).fill('Yes, it is on its way.')
    await panel.getByRole('button', { name: 'Send' }).click()

    await memberChat.getByText('Yes, it is on its way.').waitFor()
    expect(memberErrors).toEqual([])
  })
})
