import { SUBSCRIPTION_TIERS, type SubscriptionTier, TIER_LABELS } from '@keydesk/contracts/subscription-constants'
import { SUPPORT_STATE_LABELS, SUPPORT_STATES, type SupportInboxQuery, type SupportState } from '@keydesk/contracts/support-inbox'
import { SelectField } from '../../../components/ui/select-field.tsx'

const ANY = ''
const HANDLERS = [
  { value: ANY, label: 'Anyone' },
  { value: 'me', label: 'Mine' },
  { value: 'none', label: 'Nobody yet' },
]

export interface InboxFilter {
  state: SupportState | typeof ANY
  plan: SubscriptionTier | typeof ANY
  handler: string
}

/** The inbox opens on the open conversations of every plan and handler. */
export const OPEN_CONVERSATIONS: InboxFilter = { state: 'OPEN', plan: ANY, handler: ANY }

/** The inbox's question for a page under a filter; "any" asks nothing of its field. */
export const inboxQuery = (filter: InboxFilter, page: number): SupportInboxQuery => ({
  page,
  state: filter.state === ANY ? undefined : filter.state,
  plan: filter.plan === ANY ? undefined : filter.plan,
  handler: filter.handler === ANY ? undefined : (filter.handler as SupportInboxQuery['handler']),
})

/** The inbox's filters: state, plan and handler. */
export function InboxFilters({ filter, onChange }: { filter: InboxFilter; onChange: (filter: InboxFilter) => void }) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <SelectField
        label="State"
        value={filter.state}
        onChange={(event) => onChange({ ...filter, state: event.target.value as SupportState })}
        options={[{ value: ANY, label: 'All' }, ...SUPPORT_STATES.map((value) => ({ value, label: SUPPORT_STATE_LABELS[value] }))]}
      />
      <SelectField
        label="Plan"
        value={filter.plan}
        onChange={(event) => onChange({ ...filter, plan: event.target.value as SubscriptionTier })}
        options={[{ value: ANY, label: 'All' }, ...SUBSCRIPTION_TIERS.map((value) => ({ value, label: TIER_LABELS[value] }))]}
      />
      <SelectField
        label="Handler"
        value={filter.handler}
        onChange={(event) => onChange({ ...filter, handler: event.target.value })}
        options={HANDLERS}
      />
    </div>
  )
}
