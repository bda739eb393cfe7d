export { confirm, subscribe, unsubscribe } from './api'
export { NewsletterForm } from './components/newsletter-form'
export { useNewsletterLinks } from './use-newsletter-links'
