export * from './client';
export * from './rest';
export * from './import';
