import { AdminSubscribers } from '@/features/admin/pages'

/** The list loads in the page, page by page, with its filters in the URL. */
export const Component = AdminSubscribers
