import { z } from 'zod'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits.ts'
import { RequestStatusSchema } from './request-status.ts'

/** The limits of a job record's fields, which the form and the server both hold. */
export const JOB_LIMITS = { customerName: 120, customerPhone: 40, jobAddress: 300, plate: 12, notes: 2000, search: 60 } as const

export const JOB_MESSAGES = {
  phoneInvalid: 'Enter the phone number with digits, spaces, +, ( ) or -.',
  plateInvalid: 'Enter the plate with letters, digits, spaces or -.',
  tooLong: (field: string, max: number) => `${field} is at most ${max} characters.`,
  saved: 'Job record saved.',
  saveFailed: 'Failed to save the job record. Please try again.',
  notFound: 'Vehicle request not found.',
  fetchFailed: 'Failed to load your jobs.',
} as const

/** An optional text field: trimmed, at most `max` characters; an empty one clears the field. */
const jobText = (label: string, max: number) => z.string().trim().max(max, JOB_MESSAGES.tooLong(label, max)).optional()

/**
 * PUT /vehicle/requests/{id}/job: the job a keycode is for, the member's own record (docs/decisions/036). Every field
 * is optional; a field left out is kept, an empty one cleared.
 */
export const JobRecordBodySchema = z.object({
  customerName: jobText('Customer name', JOB_LIMITS.customerName),
  customerPhone: jobText('Phone', JOB_LIMITS.customerPhone).refine(
    (value) => value === undefined || value === '' || /^[+()\d\s-]+$/.test(value),
    JOB_MESSAGES.phoneInvalid,
  ),
  jobAddress: jobText('Job address', JOB_LIMITS.jobAddress),
  plate: jobText('Plate', JOB_LIMITS.plate).refine(
    (value) => value === undefined || value === '' || /^[A-Za-z0-9\s-]+$/.test(value),
    JOB_MESSAGES.plateInvalid,
  ),
  notes: jobText('Notes', JOB_LIMITS.notes),
})
export type JobRecordBody = z.infer<typeof JobRecordBodySchema>

export const JobRecordSchema = z.object({
  requestId: z.string(),
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  jobAddress: z.string().nullable(),
  plate: z.string().nullable(),
  notes: z.string().nullable(),
  updatedAt: z.string(),
})
export type JobRecord = z.infer<typeof JobRecordSchema>

/** One job in the member's list: the record with its order (the code itself stays on the order, on the dashboard). */
export const JobListEntrySchema = JobRecordSchema.extend({
  order: z.object({
    year: z.number().int(),
    make: z.string(),
    model: z.string(),
    vin: z.string(),
    status: RequestStatusSchema,
    paid: z.boolean(),
    confirmationNumber: z.string().nullable(),
    keyBlank: z.string().nullable(),
    transponder: z.string().nullable(),
  }),
})
export type JobListEntry = z.infer<typeof JobListEntrySchema>

export const JobsAnswerSchema = z.object({
  jobs: z.array(JobListEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type JobsAnswer = z.infer<typeof JobsAnswerSchema>

/** GET /user/jobs: the member's jobs, newest first, or those a search finds by customer name, phone, plate, VIN or confirmation number. */
export const JobsQuerySchema = z.object({
  search: z.string().trim().max(JOB_LIMITS.search).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
})

/** The forms the search compares: a phone by its digits, a plate by its letters and digits in capitals. */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '')
export const plateKey = (plate: string) => plate.toUpperCase().replace(/[^A-Z0-9]/g, '')
