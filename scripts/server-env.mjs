// What the API process's environment gets besides the operator's, from `npm start` and the benchmark alike.
//
// glibc raises its mmap threshold to the largest block freed so far (up to 32 MB). After the first image decode,
// libvips's multi-megabyte buffers are carved from the heap's per-thread arenas instead, and the freed space stays
// mapped: the server's memory climbed by about 470 MB during the benchmark's hostile uploads and stayed there. A
// fixed threshold (glibc's default of 128 KB) hands those buffers back to the system when they are freed: about
// 200 MB during the same uploads, no measurable cost to password hashing (decision 017). Other C libraries ignore it.
export const SERVER_PROCESS_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' }
