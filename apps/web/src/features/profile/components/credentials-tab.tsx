import { CredentialsUpload } from './credentials-upload.tsx'
import { DocumentsOnFile } from './documents-on-file.tsx'

/** docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor', Credentials: any of the four documents, licence sides together; admins review them. */
export function CredentialsTab() {
  return (
    <div className="space-y-8">
      <CredentialsUpload />
      <DocumentsOnFile />
    </div>
  )
}
