import { readFileSync } from 'node:fs'
import path from 'node:path'
import { PortalManufacturerSchema, type PortalsConfig } from '@keydesk/contracts/portals'
import { z } from 'zod'
import { API_ROOT } from '../../../api-root.ts'

/** The file as stored: each portal names the environment variables that hold its login (never the login itself). */
const PortalFileSchema = z.object({
  meta: z.object({ vsp_id: z.string() }).loose(),
  manufacturers: z.array(
    PortalManufacturerSchema.extend({
      auth: z.object({ username_env: z.string().regex(/^KCH_[A-Z0-9_]+$/), password_env: z.string().regex(/^KCH_[A-Z0-9_]+$/) }),
    }),
  ),
})
type PortalFile = z.infer<typeof PortalFileSchema>
export type PortalEntry = PortalFile['manufacturers'][number]

export interface PortalDirectory {
  /** What admins' screens receive: the file without any `auth` entry. */
  publicConfig: PortalsConfig
  find(oem: string): PortalEntry | undefined
}

const FILE = path.join(API_ROOT, 'src/modules/back-office/portals/keycode-portals.json')

/** Read and checked once at start-up, so a broken file stops the server instead of failing a click later. */
export function loadPortalDirectory(file = FILE): PortalDirectory {
  const parsed = PortalFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
  const byId = new Map(parsed.manufacturers.map((entry) => [entry.id, entry]))
  return {
    publicConfig: {
      meta: { vsp_id: parsed.meta.vsp_id },
      manufacturers: parsed.manufacturers.map(({ auth: _auth, ...shown }) => ({
        ...shown,
        portal_url: shown.portal_url || undefined,
      })),
    },
    find: (oem) => byId.get(oem),
  }
}
