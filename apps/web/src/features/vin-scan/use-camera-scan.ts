import { type RefObject, useEffect, useEffectEvent, useState } from 'react'
import { type BarcodeReader, readerOf } from './read-vin-barcode.ts'

export type CameraState = 'starting' | 'on' | 'none' | 'denied' | 'failed'

/** How often a video frame is read: quick enough to feel instant, slow enough to leave a phone's processor room. */
const SCAN_INTERVAL_MS = 250

/**
 * The camera for as long as the component using it is mounted: it starts the rear camera into `videoRef`, hands each
 * frame's barcode texts to `onTexts` until that takes one (returns true), and on unmounting stops the reading and
 * turns the camera off. Gives the camera's state, which says why there is no picture.
 */
export function useCameraScan({
  videoRef,
  readerRef,
  onTexts,
  onReaderFailed,
}: {
  videoRef: RefObject<HTMLVideoElement | null>
  readerRef: RefObject<Promise<BarcodeReader> | null>
  onTexts: (texts: string[]) => boolean
  onReaderFailed: () => void
}): CameraState {
  const [camera, setCamera] = useState<CameraState>('starting')
  const answer = useEffectEvent(onTexts)
  const readerFailed = useEffectEvent(onReaderFailed)

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
  }, [videoRef, readerRef])

  return camera
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
