export * from './auth';
export * from './categories';
export * from './currencies';
export * from './messages';
