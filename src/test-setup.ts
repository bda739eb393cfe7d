/**
 * jsdom has <dialog> but not its modal methods: enough of them for component tests
 * (open state and the close event). Real browsers run the real thing in the journeys.
 */
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return
    this.open = false
    this.dispatchEvent(new Event('close'))
  }
}

/** jsdom's Blob has no stream() (nor arrayBuffer()); Shiki's inlined WebAssembly (the content build in component tests) needs it. */
if (typeof Blob !== 'undefined' && typeof Blob.prototype.stream !== 'function') {
  Blob.prototype.stream = function stream(this: Blob) {
    return new ReadableStream<Uint8Array<ArrayBuffer>>({
      start: async (controller) => {
        const buffer = await new Promise<ArrayBuffer>((resolve, reject) => {
          const reader = new FileReader()
          reader.onload = () => resolve(reader.result as ArrayBuffer)
          reader.onerror = () => reject(reader.error ?? new Error('the blob could not be read'))
          reader.readAsArrayBuffer(this)
        })
        controller.enqueue(new Uint8Array(buffer))
        controller.close()
      },
    })
  }
}
