// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'

import { themeColorMeta } from '../contract/color-mode'
import { applyColorMode, useColorMode } from './color-mode'

beforeEach(() => {
  localStorage.clear()
  document.head.innerHTML = themeColorMeta({ light: '#ffffff', dark: '#010520' })
  useColorMode.setState({ preference: 'light', forced: undefined })
  applyColorMode('light')
})

const themeColor = () => document.querySelector('meta[name="theme-color"]')?.getAttribute('content')

describe('colour mode', () => {
  it('toggles dark and light, remembers the choice and sets theme-color', () => {
    useColorMode.getState().toggle()
    expect(document.documentElement.classList.contains('dark')).toBe(true)
    expect(themeColor()).toBe('#010520')
    expect(localStorage.getItem('fjord-color-mode')).toBe('dark')
    useColorMode.getState().toggle()
    expect(document.documentElement.classList.contains('dark')).toBe(false)
    expect(themeColor()).toBe('#ffffff')
  })

  it('lets a route force a mode over the preference, and gives it back after', () => {
    useColorMode.getState().force('dark')
    expect(document.documentElement.classList.contains('dark')).toBe(true)
    useColorMode.getState().force(undefined)
    expect(document.documentElement.classList.contains('dark')).toBe(false)
  })
})
