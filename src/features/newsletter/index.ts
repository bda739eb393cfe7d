export { confirm, subscribe } from './api'
export { NewsletterForm } from './components/newsletter-form'
export { NewsletterPage } from './components/newsletter-page'
