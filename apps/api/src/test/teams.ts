import { and, desc, eq } from 'drizzle-orm'
import { mailOutbox } from '../db/schema/mail.ts'
import { users } from '../db/schema/users.ts'
import { openBodies } from '../modules/platform/mail/outbox.ts'
import { GOOD_PASSWORD, registerAndSignIn, type SignedIn, signIn, uniqueEmail, uniqueIp } from './accounts.ts'
import { pngImage } from './images.ts'
import type { TestApp } from './test-app.ts'

/** A signed-up business, validated by an admin and holding the Enterprise plan (set as fulfilment sets it). */
export async function enterpriseOwner(testApp: TestApp, company = 'Northside Locks'): Promise<SignedIn> {
  const owner = await registerAndSignIn(testApp, { fname: 'Olga' })
  await testApp.app.database.db
    .update(users)
    .set({ isValidatedUser: true, subscriptionTier: 'ENTERPRISE', company })
    .where(eq(users.id, owner.id))
  return owner
}

export async function createLocation(testApp: TestApp, owner: SignedIn, name = 'Downtown') {
  const answer = await testApp.app.inject({
    method: 'POST',
    url: '/api/team/locations',
    headers: owner.headers,
    payload: { name, address: '12 Main St', region: 'Texas', phone: '555-0101' },
  })
  if (answer.statusCode !== 201) throw new Error(`location not created ${answer.statusCode}: ${answer.body}`)
  return answer.json() as { id: string; name: string }
}

export function inviteCall(testApp: TestApp, by: SignedIn, body: { email?: string; role: 'MANAGER' | 'TECHNICIAN'; locationId: string }) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/team/invitations',
    headers: by.headers,
    payload: { email: body.email ?? uniqueEmail('invitee'), role: body.role, locationId: body.locationId },
  })
}

/** The token of the newest invitation mailed to this address, read from the outbox as the invitee's mail client would. */
export async function mailedInvitationToken(testApp: TestApp, email: string): Promise<string> {
  const [mail] = await testApp.app.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1)
  if (!mail) throw new Error(`no mail to ${email}`)
  const token = /join-team\?token=([A-Za-z0-9_-]+)/.exec(openBodies(mail, testApp.app.secretKey).text)?.[1]
  if (!token) throw new Error('no invitation link in the mail')
  return token
}

/** The acceptance form: the invitee's own fields and both sides of their photo ID; `files` replaces or drops a side. */
export async function acceptanceForm(token: string, fields: Record<string, string> = {}, files: Record<string, Blob | null> = {}) {
  const form = new FormData()
  const values = { token, fname: 'Tomas', lname: 'Tech', phone: '555-0102', password: GOOD_PASSWORD, state: 'Texas', ...fields }
  for (const [name, value] of Object.entries(values)) form.append(name, value)
  const image = new Blob([new Uint8Array(await pngImage())], { type: 'image/png' })
  for (const name of ['frontId', 'backId']) {
    const file = name in files ? files[name] : image
    if (file) form.append(name, file, `${name}.png`)
  }
  return form
}

export async function acceptCall(
  testApp: TestApp,
  token: string,
  fields: Record<string, string> = {},
  files: Record<string, Blob | null> = {},
) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/team-invitation/accept',
    payload: await acceptanceForm(token, fields, files),
    remoteAddress: uniqueIp(),
  })
}

/** Someone invited by `by` to a location, who accepted and signed in. */
export async function joinTeam(testApp: TestApp, by: SignedIn, role: 'MANAGER' | 'TECHNICIAN', locationId: string): Promise<SignedIn> {
  const email = uniqueEmail(role.toLowerCase())
  const invited = await inviteCall(testApp, by, { email, role, locationId })
  if (invited.statusCode !== 201) throw new Error(`not invited ${invited.statusCode}: ${invited.body}`)
  const accepted = await acceptCall(testApp, await mailedInvitationToken(testApp, email))
  if (accepted.statusCode !== 201) throw new Error(`not accepted ${accepted.statusCode}: ${accepted.body}`)
  return signIn(testApp, email, GOOD_PASSWORD)
}
