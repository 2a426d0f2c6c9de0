import { TEAM_MESSAGES, type TeamMembership } from '@keydesk/contracts/teams'
import { Alert } from '../../../components/ui/alert.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'

/**
 * Where an order of an Enterprise team goes (docs/product.md, 'Enterprise teams'): the location to order for, offered
 * to a manager of several locations (who must name one) and to the owner (for the business, at a location or none); a
 * person of one location orders for it without a choice. Once the business left Enterprise, it says why ordering stops.
 */
export function OrderLocation({
  membership,
  value,
  onChange,
}: {
  membership: TeamMembership | undefined
  value: string
  onChange: (locationId: string) => void
}) {
  if (!membership) return null
  if (!membership.enterpriseActive) return <Alert tone="warning">{membership.closedReason ?? TEAM_MESSAGES.notEnterprise}</Alert>
  const isOwner = membership.position === 'OWNER'
  if (!isOwner && membership.locations.length < 2) return null
  if (isOwner && membership.locations.length === 0) return null
  return (
    <SelectField
      label={`Location of ${membership.business.name}`}
      placeholder={isOwner ? 'The business, no location' : TEAM_MESSAGES.chooseLocation}
      options={membership.locations.map((location) => ({ value: location.id, label: location.name }))}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}
