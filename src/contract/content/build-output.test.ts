import { describe, expect, it } from 'vitest'

import { privateDir } from './build-output'

describe('the private folder', () => {
  it('lies beside the site folder, never inside it', () => {
    expect(privateDir('/srv/site/dist')).toBe('/srv/site/dist-server/private')
    expect(privateDir('/srv/site/dist/')).toBe('/srv/site/dist-server/private')
    expect(privateDir('dist')).toBe('dist-server/private')
    expect(privateDir('C:\\site\\dist')).toBe('C:\\site\\dist-server/private')
  })
})
