export { moduleCountsQuery, moduleQuery, moduleSearchQuery, modulesQuery, type Module, type ModuleListItem } from './api'
export { applyFilters, moduleSorts, readFilters, writeFilters, type ModuleFilters } from '@/contract/content/module-filters'
