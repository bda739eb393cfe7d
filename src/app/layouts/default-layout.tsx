import { useEffect } from 'react'
import { Outlet, useNavigation } from 'react-router-dom'

import { LoadingBar } from '../../components/ui/loading-bar/loading-bar'
import { useToasts } from '../../components/ui/toasts/store'
import { Toaster } from '../../components/ui/toasts/toaster'
import { watchBuildUpdates } from '../../lib/build-updates'
import { currentBuildId } from '../../lib/content/manifest'
import { Footer } from './footer'
import { Header } from './header'

export function DefaultLayout() {
  const navigation = useNavigation()
  const addToast = useToasts((s) => s.add)

  // A new deploy: offer a reload rather than forcing one mid-read.
  useEffect(
    () =>
      watchBuildUpdates(currentBuildId(), () => {
        addToast({
          id: 'new-build',
          title: 'A new version of the site is available',
          description: 'Reload to read the latest content.',
          color: 'info',
          duration: 0,
          actions: [{ label: 'Reload', onClick: () => window.location.reload() }],
        })
      }),
    [addToast],
  )

  return (
    <>
      <LoadingBar loading={navigation.state !== 'idle'} />
      <Header />
      <Outlet />
      <Footer />
      <Toaster />
    </>
  )
}
