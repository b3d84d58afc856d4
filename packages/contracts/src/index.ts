export * from './auth';
export * from './categories';
export * from './currencies';
export * from './dates';
export * from './messages';
export * from './money';
export * from './transactions';
export * from './summary';
