export * from './session'
export * from './auth'
export * from './errors'
export * from './cookies'
