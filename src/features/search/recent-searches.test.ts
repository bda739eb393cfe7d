// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'

import { RECENT_SEARCHES, useRecentSearches } from './recent-searches'

describe('recent searches', () => {
  it('keeps the last five, newest first, once each whatever the case, in local storage', () => {
    const { remember } = useRecentSearches.getState()
    for (const query of ['routing', 'useFetch', '  ', 'deploy', 'hooks', 'layouts', 'USEFETCH', 'state']) remember(query)
    expect(useRecentSearches.getState().recent).toEqual(['state', 'USEFETCH', 'layouts', 'hooks', 'deploy'])
    expect(useRecentSearches.getState().recent).toHaveLength(RECENT_SEARCHES)
    expect(JSON.parse(localStorage.getItem('fjord-recent-searches') ?? '{}').state.recent).toEqual(['state', 'USEFETCH', 'layouts', 'hooks', 'deploy'])
    useRecentSearches.getState().forget()
    expect(useRecentSearches.getState().recent).toEqual([])
  })

  it('starts empty from storage that holds something else', async () => {
    localStorage.setItem('fjord-recent-searches', JSON.stringify({ state: { recent: [1, { x: 2 }, 'kept'] }, version: 0 }))
    await useRecentSearches.persist.rehydrate()
    expect(useRecentSearches.getState().recent).toEqual(['kept'])
    localStorage.setItem('fjord-recent-searches', JSON.stringify({ state: { recent: 'nope' }, version: 0 }))
    await useRecentSearches.persist.rehydrate()
    expect(useRecentSearches.getState().recent).toEqual([])
  })
})
