/** What the VIN scanner says, in one place: the button, its dialog and every answer to a barcode or a photo. */
export const VIN_SCAN_MESSAGES = {
  button: 'Scan VIN',
  title: 'Scan the VIN barcode',
  aim: 'Point the camera at the VIN barcode on the driver’s door frame or at the bottom of the windshield.',
  starting: 'Starting the camera…',
  videoLabel: 'Camera view',
  notAVin: 'That barcode is not a VIN.',
  checkDigitFails: 'That barcode reads as a VIN whose check digit fails: scan it again, or type the VIN.',
  noCamera: 'This device has no camera the page can use. Take or choose a photo of the VIN label instead.',
  denied: 'The camera is not allowed for this site. Allow it in the browser’s settings, or use a photo of the VIN label.',
  cameraFailed: 'The camera could not start. Use a photo of the VIN label instead.',
  photoLabel: 'Photo of the VIN label',
  photoHint: 'The barcode square on and in focus; the VIN can always be typed instead.',
  readingPhoto: 'Reading the photo…',
  noBarcodeInPhoto: 'No barcode was found in that photo: take it closer and square on, or type the VIN.',
  readerFailed: 'The barcode reader could not start: reload the page, or type the VIN.',
} as const
