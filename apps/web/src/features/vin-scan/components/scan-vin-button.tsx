import { useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { VIN_SCAN_MESSAGES } from '../vin-scan-messages.ts'
import { VinScanner } from './vin-scanner.tsx'

export interface ScanVinButtonProps {
  /** Receives a VIN that passed the same check as a typed one; the dialog has closed. */
  onVin: (vin: string) => void
  /** The button's accessible name where several share a page (each row of the bulk sheet). */
  label?: string
  className?: string
}

/** A "Scan VIN" button: a dialog reads the VIN barcode with the camera, or from a photo where there is no camera. */
export function ScanVinButton({ onVin, label, className = '' }: ScanVinButtonProps) {
  const [isOpen, setOpen] = useState(false)
  return (
    <>
      <Button variant="secondary" className={`text-sm ${className}`} aria-label={label} onClick={() => setOpen(true)}>
        {VIN_SCAN_MESSAGES.button}
      </Button>
      <Dialog isOpen={isOpen} title={VIN_SCAN_MESSAGES.title} onClose={() => setOpen(false)}>
        <VinScanner
          onVin={(vin) => {
            setOpen(false)
            onVin(vin)
          }}
        />
      </Dialog>
    </>
  )
}
