import { type RefObject, useEffect, useEffectEvent, useRef, useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { FileField } from '../../../components/ui/file-field.tsx'
import { type BarcodeReader, openBarcodeReader } from '../read-vin-barcode.ts'
import { vinFromBarcode } from '../vin-from-barcode.ts'
import { VIN_SCAN_MESSAGES } from '../vin-scan-messages.ts'

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

type CameraState = 'starting' | 'on' | 'none' | 'denied' | 'failed'

/** How often a video frame is read: quick enough to feel instant, slow enough to leave a phone's processor room. */
const SCAN_INTERVAL_MS = 250

const CAMERA_ADVICE: Partial<Record<CameraState, string>> = {
  none: VIN_SCAN_MESSAGES.noCamera,
  denied: VIN_SCAN_MESSAGES.denied,
  failed: VIN_SCAN_MESSAGES.cameraFailed,
}

/**
 * Lives only while the dialog is open: mounting starts the camera and the reading, unmounting (the dialog closed by a
 * VIN, Escape or the close button) stops both and turns the camera off.
 */
function VinScanner({ onVin }: { onVin: (vin: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null)
  const readerRef = useRef<Promise<BarcodeReader> | null>(null)
  const [camera, setCamera] = useState<CameraState>('starting')
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
  const answer = useEffectEvent(take)
  const readerFailed = useEffectEvent(() => setProblem(VIN_SCAN_MESSAGES.readerFailed))

  useEffect(() => {
    let stream: MediaStream | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    let isClosed = false

    async function scan(video: HTMLVideoElement) {
      let scanner: BarcodeReader
      try {
        scanner = await readerOf(readerRef)
      } catch {
        if (!isClosed) readerFailed()
        return
      }
      const next = async () => {
        if (isClosed) return
        // A frame the decoder cannot read is like a frame without a barcode: the next one may be readable.
        const texts = await scanner.read(video).catch((): string[] => [])
        if (!isClosed && !answer(texts)) timer = setTimeout(next, SCAN_INTERVAL_MS)
      }
      await next()
    }

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setCamera('none')
        return
      }
      try {
        // The rear camera where there is one: the label is in front of the phone, not of the locksmith.
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      } catch (error) {
        if (!isClosed) setCamera(cameraStateOf(error))
        return
      }
      const video = videoRef.current
      if (isClosed || !video) {
        stopCamera(stream)
        return
      }
      video.srcObject = stream
      setCamera('on')
      await scan(video)
    }

    void start()
    return () => {
      isClosed = true
      clearTimeout(timer)
      if (stream) stopCamera(stream)
    }
  }, [])

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

/** One reader for the dialog's life: the WebAssembly decoder is fetched once, for the first frame or photo. */
function readerOf(ref: RefObject<Promise<BarcodeReader> | null>): Promise<BarcodeReader> {
  ref.current ??= openBarcodeReader()
  return ref.current
}

function cameraStateOf(error: unknown): CameraState {
  const name = error instanceof DOMException ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied'
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'none'
  return 'failed'
}

function stopCamera(stream: MediaStream) {
  for (const track of stream.getTracks()) track.stop()
}
