import { GENERAL_ELIGIBILITY, REQUIRED_DOC_LABELS, REQUIREMENTS_LOAD_FAILED } from '@keydesk/contracts/compliance'
import { LOCKSMITH_LICENSE_STATES } from '@keydesk/contracts/states'
import { Alert } from '../../../components/ui/alert.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useComplianceStatus } from '../api/use-compliance-status.ts'

/** /requirements in docs/product.md, 'Screens and routes (web)': the rule for the user's jurisdiction and the general eligibility list. */
export function RequirementsPage() {
  const status = useComplianceStatus()
  return (
    <PageFrame title="State requirements" description="What you need before ordering keycodes.">
      <div className="grid gap-8 md:grid-cols-2">
        <section aria-labelledby="jurisdiction-heading" className="rounded-xl border border-slate-200 bg-white p-6">
          <h2 id="jurisdiction-heading" className="text-xl font-semibold">
            Your jurisdiction
          </h2>
          {status.isPending && (
            <div className="mt-4">
              <Spinner />
            </div>
          )}
          {status.isError && (
            <div className="mt-4">
              <Alert tone="error">{REQUIREMENTS_LOAD_FAILED}</Alert>
            </div>
          )}
          {status.data && (
            <div className="mt-4 space-y-3">
              <p className="font-medium">{status.data.jurisdiction}</p>
              <p className="text-slate-700">{status.data.message}</p>
              <h3 className="font-semibold">Required documents</h3>
              <ul className="list-disc pl-5 text-slate-700">
                {status.data.requiredDocs.map((doc) => (
                  <li key={doc}>{REQUIRED_DOC_LABELS[doc]}</li>
                ))}
              </ul>
            </div>
          )}
        </section>
        <section aria-labelledby="eligibility-heading" className="rounded-xl border border-slate-200 bg-white p-6">
          <h2 id="eligibility-heading" className="text-xl font-semibold">
            General eligibility
          </h2>
          <ul className="mt-4 list-disc space-y-1 pl-5 text-slate-700">
            {GENERAL_ELIGIBILITY.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </section>
      </div>
      <section aria-labelledby="licence-states-heading" className="mt-8">
        <h2 id="licence-states-heading" className="text-xl font-semibold">
          States that require a locksmith license
        </h2>
        <ul className="mt-4 grid grid-cols-2 gap-2 text-slate-700 sm:grid-cols-3 md:grid-cols-4">
          {LOCKSMITH_LICENSE_STATES.map((state) => (
            <li key={state}>{state}</li>
          ))}
        </ul>
      </section>
    </PageFrame>
  )
}
