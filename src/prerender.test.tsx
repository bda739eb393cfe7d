import { describe, expect, it } from 'vitest'

import { renderRoutePage, setRoutePayloads } from './prerender'

describe("the prerender of the app's routes", () => {
  it("draws nothing for a path no route has (the app's 404 is drawn by the app), and fails a route whose payload it was not given", async () => {
    setRoutePayloads([])
    expect(await renderRoutePage('/no-such-section/no-such-page')).toBe('')
    // A route whose payload the build did not give fails, naming the payload it looked for.
    await expect(renderRoutePage('/team')).rejects.toThrow('/team/_payload.json')
  })
})
