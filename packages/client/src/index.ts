export * from './client';
export * from './rest';
