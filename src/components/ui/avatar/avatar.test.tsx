// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { Avatar, AvatarGroup } from './avatar'

afterEach(cleanup)

describe('Avatar', () => {
  it('shows the picture named by the person, and their initials when it fails', () => {
    render(<Avatar name="Ingrid Solberg" src="/avatars/ingrid.png" />)
    const image = screen.getByRole('img', { name: 'Ingrid Solberg' })
    expect(image.tagName).toBe('IMG')
    fireEvent.error(image)
    const initials = screen.getByRole('img', { name: 'Ingrid Solberg' })
    expect(initials.tagName).toBe('SPAN')
    expect(initials.textContent).toBe('IS')
  })

  it('is silent when decorative, and groups several people', () => {
    render(<Avatar name="Ola" decorative />)
    expect(screen.queryByRole('img')).toBeNull()
    cleanup()
    render(<AvatarGroup people={[{ name: 'Ola Nordmann' }, { name: 'Kari' }]} />)
    expect(screen.getAllByRole('img').map((i) => i.textContent)).toEqual(['ON', 'K'])
  })
})
