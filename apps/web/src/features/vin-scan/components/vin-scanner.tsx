import { useRef, useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { FileField } from '../../../components/ui/file-field.tsx'
import { type BarcodeReader, readerOf } from '../read-vin-barcode.ts'
import { type CameraState, useCameraScan } from '../use-camera-scan.ts'
import { vinFromBarcode } from '../vin-from-barcode.ts'
import { VIN_SCAN_MESSAGES } from '../vin-scan-messages.ts'

const CAMERA_ADVICE: Partial<Record<CameraState, string>> = {
  none: VIN_SCAN_MESSAGES.noCamera,
  denied: VIN_SCAN_MESSAGES.denied,
  failed: VIN_SCAN_MESSAGES.cameraFailed,
}

/**
 * Lives only while the dialog is open: mounting starts the camera and the reading, unmounting (the dialog closed by a
 * VIN, Escape or the close button) stops both and turns the camera off.
 */
export function VinScanner({ onVin }: { onVin: (vin: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null)
  const readerRef = useRef<Promise<BarcodeReader> | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [isReadingPhoto, setReadingPhoto] = useState(false)

  /** Answers what a frame or a photo showed; true once a VIN was taken. */
  const take = (texts: string[]): boolean => {
    const [text] = texts
    if (text === undefined) return false
    const read = vinFromBarcode(text)
    if ('vin' in read) {
      onVin(read.vin)
      return true
    }
    setProblem(read.problem)
    return false
  }
  const camera = useCameraScan({
    videoRef,
    readerRef,
    onTexts: take,
    onReaderFailed: () => setProblem(VIN_SCAN_MESSAGES.readerFailed),
  })

  async function readPhoto(file: File | undefined) {
    if (!file) return
    setProblem(null)
    setReadingPhoto(true)
    try {
      const texts = await (await readerOf(readerRef)).read(file)
      if (texts.length === 0) setProblem(VIN_SCAN_MESSAGES.noBarcodeInPhoto)
      else take(texts)
    } catch {
      setProblem(VIN_SCAN_MESSAGES.readerFailed)
    } finally {
      setReadingPhoto(false)
    }
  }

  const advice = CAMERA_ADVICE[camera]
  return (
    <div className="space-y-4">
      {advice ? (
        <Alert tone="info">{advice}</Alert>
      ) : (
        <>
          <p className="text-sm text-slate-700">{camera === 'starting' ? VIN_SCAN_MESSAGES.starting : VIN_SCAN_MESSAGES.aim}</p>
          <video
            ref={videoRef}
            aria-label={VIN_SCAN_MESSAGES.videoLabel}
            autoPlay
            muted
            playsInline
            className="aspect-video w-full rounded-md bg-slate-900 object-cover"
          />
        </>
      )}
      {problem && <Alert tone="error">{problem}</Alert>}
      <FileField
        label={VIN_SCAN_MESSAGES.photoLabel}
        hint={isReadingPhoto ? VIN_SCAN_MESSAGES.readingPhoto : VIN_SCAN_MESSAGES.photoHint}
        accept="image/*"
        capture="environment"
        disabled={isReadingPhoto}
        onChange={(event) => void readPhoto(event.target.files?.[0])}
      />
    </div>
  )
}
